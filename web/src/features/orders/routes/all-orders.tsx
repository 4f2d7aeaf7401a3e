import { useState } from "react";
import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { QueryState } from "@/components/ui/query-state";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { reloadWithToast } from "@/lib/flash-toast";
import { useAllOrders } from "../api/get-all-orders";
import { useMarkShipped } from "../api/mark-shipped";
import { CancelOrderDialog } from "../components/cancel-order-dialog";
import { CancelOrderCell, OrderedItemCells } from "../components/order-cells";
import { orderNumber } from "../lib/order-status";
import { useDocumentTitle } from "@/lib/use-document-title";

function ShippingStatus({ order }: { order: Order }) {
  const markShipped = useMarkShipped();
  if (order.status === "shipped") return <span className="badge badge-success">Shipped</span>;
  if (!order.paid) return <span className="badge">Awaiting payment</span>;
  return (
    <span className="status-cell">
      <span className="badge badge-warning">Pending</span>
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={markShipped.isPending}
        onClick={() => markShipped.mutate(order._id)}
      >
        Shipped
      </button>
    </span>
  );
}

export function AllOrdersRoute() {
  useDocumentTitle("Manage All Orders");
  const orders = useAllOrders();
  const [cancelling, setCancelling] = useState<Order | null>(null);

  return (
    <section>
      <h1 id="all-orders-heading">Manage All Orders</h1>
      <QueryState isPending={orders.isPending} error={orders.error} />
      {orders.data && orders.data.length === 0 && <p>There are no orders yet.</p>}
      {orders.data && orders.data.length > 0 && (
        <Table label="All orders">
          <thead>
            <tr>
              <th scope="col">Order Number</th>
              <th scope="col">Name</th>
              <th scope="col">Tools Name</th>
              <th scope="col">Ordered Quantity</th>
              <th scope="col">Total Price</th>
              <th scope="col">Status</th>
              <th scope="col">Status</th>
              <th scope="col">Cancel</th>
            </tr>
          </thead>
          <tbody>
            {orders.data.map((order) => (
              <tr key={order._id}>
                <td data-label="Order Number">
                  <Link to={paths.dashboard.order.href(order._id)} aria-label={`Order ${orderNumber(order._id)}`}>
                    <code title={order._id}>{orderNumber(order._id)}</code>
                  </Link>
                </td>
                <td data-label="Name">{order.userName}</td>
                <OrderedItemCells order={order} quantityLabel="Ordered Quantity" />
                <td data-label="Status">{order.paid ? <span className="badge badge-success">Paid</span> : <span className="badge">Unpaid</span>}</td>
                <td data-label="Status">
                  <ShippingStatus order={order} />
                </td>
                <CancelOrderCell order={order} onCancel={setCancelling} />
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} onCancelled={() => reloadWithToast("Deleted !!")} />
    </section>
  );
}
