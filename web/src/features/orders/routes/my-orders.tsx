import { useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { useSession } from "@/lib/auth";
import { useMyOrders } from "../api/get-my-orders";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { CancelOrderCell, OrderedItemCells } from "../components/order-cells";
import { heldUntil } from "../lib/held-until";
import { useDocumentTitle } from "@/lib/use-document-title";

export function MyOrdersRoute() {
  useDocumentTitle("My Orders");
  const session = useSession();
  const email = session.status === "signedIn" ? session.email : "";
  const orders = useMyOrders(email);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const held = (orders.data ?? []).flatMap((order, index) => (!order.paid && order.releasesAt ? [{ order, number: index + 1 }] : []));

  return (
    <section>
      <h1 id="my-orders-heading">My Orders</h1>
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && orders.data.length === 0 && <p>You have no orders yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <Table label="My Orders">
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Tools Name</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total Price</th>
              <th scope="col">Payment</th>
              <th scope="col">Cancel</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order, index) => (
              <tr key={order._id}>
                <td>{index + 1}</td>
                <OrderedItemCells order={order} />
                <td>
                  {order.paid ? (
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
          </tbody>
        </Table>
      )}
      {held.length > 0 && (
        // Below the table, so that the spec's cells keep their texts.
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
    </section>
  );
}
