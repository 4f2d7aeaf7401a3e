import { useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { accessToken } from "@/lib/access-token";
import { useSession } from "@/lib/auth";
import { formatDate, formatDollars } from "@/lib/format";
import { useMyOrders } from "../api/get-my-orders";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { FollowLive, useOrderFollowing } from "../components/follow-orders";
import { CancelOrderCell, OrderedItemCells } from "../components/order-cells";
import { OrderStatusBadge } from "../components/order-status-badge";
import { groupByCheckout, type MyOrdersEntry, numberedOrders } from "../lib/checkout-groups";
import { canChange } from "../lib/follow-orders";
import { heldUntil } from "../lib/held-until";
import { orderNumber, payHref } from "../lib/order-status";
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

const COLUMNS = ["No.", "Order Number", "Date", "Tools Name", "Quantity", "Total Price", "Status", "Payment", "Cancel"] as const;

/** One order's row, the contract's cells (docs/product.md §3.3); an order of an unpaid checkout is paid with it, on the checkout's page. */
function OrderRow({ order, number, onCancel }: { order: Order; number: number; onCancel: (order: Order) => void }) {
  return (
    <tr className={order.checkoutId ? "checkout-order" : undefined}>
      <td data-label="No.">{number}</td>
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
          <Link
            to={payHref(order)}
            className="btn btn-primary btn-small"
          >
            Pay
          </Link>
        )}
      </td>
      <CancelOrderCell order={order} onCancel={onCancel} />
    </tr>
  );
}

/** The orders of one checkout, under a heading that leads to its payment while unpaid, to its receipt after. */
function CheckoutRows({ entry, onCancel }: { entry: Extract<MyOrdersEntry, { kind: "checkout" }>; onCancel: (order: Order) => void }) {
  const d = paths.dashboard;
  const count = entry.orders.length;
  return (
    <>
      <tr className="checkout-group">
        <td colSpan={COLUMNS.length}>
          <h2 className="checkout-group-title">
            <Link to={entry.unpaid ? d.checkoutPayment.href(entry.checkoutId) : d.checkout.href(entry.checkoutId)}>
              Checkout of {formatDate(entry.createdAt)} · {count} {count === 1 ? "item" : "items"} · {formatDollars(entry.total)}
            </Link>
          </h2>
        </td>
      </tr>
      {entry.orders.map(({ order, number }) => (
        <OrderRow key={order._id} order={order} number={number} onCancel={onCancel} />
      ))}
    </>
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
  const entries = groupByCheckout(orders.data ?? []);
  const held = numberedOrders(entries).filter(({ order }) => !order.paid && order.releasesAt);

  return (
    <section>
      <h1 id="my-orders-heading">My Orders</h1>
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && orders.data.length === 0 && <p>You have no orders yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <Table label="My Orders" columns={COLUMNS}>
          {entries.map((entry) =>
            entry.kind === "order" ? (
              <OrderRow key={entry.order._id} order={entry.order} number={entry.number} onCancel={setCancelling} />
            ) : (
              <CheckoutRows key={entry.checkoutId} entry={entry} onCancel={setCancelling} />
            ),
          )}
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
