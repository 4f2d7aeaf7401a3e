import { useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { accessToken } from "@/lib/access-token";
import { useSession } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useMyOrders } from "../api/get-my-orders";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { FollowLive, useOrderFollowing } from "../components/follow-orders";
import { CancelOrderCell, OrderedItemCells } from "../components/order-cells";
import { OrderStatusBadge } from "../components/order-status-badge";
import { canChange } from "../lib/follow-orders";
import { heldUntil } from "../lib/held-until";
import { orderNumber } from "../lib/order-status";
import { useDocumentTitle } from "@/lib/use-document-title";
import "../components/orders.css";

/** The status in words and, while it is unpaid, until when the order holds its units. */
function StatusCell({ order }: { order: Order }) {
  return (
    <td data-label="Status">
      <span className="order-status">
        <OrderStatusBadge status={order.status} />{" "}
        {!order.paid && order.releasesAt && (
          <small className="muted">
            until <time dateTime={order.releasesAt}>{heldUntil(order.releasesAt)}</time>
          </small>
        )}
      </span>
    </td>
  );
}

export function MyOrdersRoute() {
  useDocumentTitle("My Orders");
  const session = useSession();
  const email = session.status === "signedIn" ? session.email : "";
  const following = useOrderFollowing(session.status === "signedIn");
  const orders = useMyOrders(email, { poll: following.poll });
  // The account the orders name (`buyerId`), which the rules let this person list.
  const accountId = accessToken.accountId();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const held = (orders.data ?? []).flatMap((order, index) => (!order.paid && order.releasesAt ? [{ order, number: index + 1 }] : []));

  return (
    <section>
      <h1 id="my-orders-heading">My Orders</h1>
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && orders.data.length === 0 && <p>You have no orders yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <Table label="My Orders" columns={["No.", "Order Number", "Date", "Tools Name", "Quantity", "Total Price", "Status", "Payment", "Cancel"]}>
          {orders.data.map((order, index) => (
            <tr key={order._id}>
              <td data-label="No.">{index + 1}</td>
              <td data-label="Order Number">
                <Link to={paths.dashboard.order.href(order._id)} aria-label={`Order ${orderNumber(order._id)}`}>
                  <code>{orderNumber(order._id)}</code>
                </Link>
              </td>
              <td data-label="Date">
                <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
              </td>
              <OrderedItemCells order={order} />
              <StatusCell order={order} />
              <td data-label="Payment">
                {/* The contract's words for this cell (docs/product.md §3.3): Pay while unpaid, then Shipped; the status says where
                    the order really is. A refunded order's payment went back. */}
                {order.status === "refunded" ? (
                  <span className="badge">Refunded</span>
                ) : order.paid ? (
                  <span className="badge badge-success">Shipped</span>
                ) : (
                  <Link to={paths.dashboard.payment.href(order._id)} className="btn btn-primary btn-small">
                    Pay
                  </Link>
                )}
              </td>
              <CancelOrderCell order={order} onCancel={setCancelling} />
            </tr>
          ))}
        </Table>
      )}
      {held.length > 0 && (
        // Below the table, so that the contract's cells (docs/product.md §3.3) keep their texts.
        <ul className="field-hint" aria-label="Held for payment">
          {held.map(({ order, number }) => (
            <li key={order._id}>
              Order {number}, {order.toolName}: held until <time dateTime={order.releasesAt!}>{heldUntil(order.releasesAt!)}</time>, then
              its units go back on sale unless it is paid.
            </li>
          ))}
        </ul>
      )}
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
      {following.live && accountId && orders.data?.some(canChange) && (
        <FollowLive followed={{ kind: "buyer", accountId }} shown={orders.data} onFailed={following.failed} />
      )}
    </section>
  );
}
