import { Link } from "react-router-dom";
import type { Order } from "@api/orders/orders.schemas";
import { paths } from "@/config/paths";
import { formatDate } from "@/lib/format";
import { orderNumber, statusWords } from "../lib/order-status";
import { CancelOrderCell, OrderedItemCells } from "./order-cells";
import { ShipOrderForm } from "./ship-order-form";

/** Who carries a shipped order and its tracking number, as far as the admin gave them. */
function ShippingDetails({ order }: { order: Order }) {
  if (!order.shippingCarrier && !order.trackingNumber) return null;
  return (
    <span className="shipping-details">
      {order.shippingCarrier && <span>{order.shippingCarrier}</span>}
      {order.trackingNumber && <span>Tracking: {order.trackingNumber}</span>}
    </span>
  );
}

/**
 * The contract's second Status (docs/product.md §3.10): where the order is on its way to the buyer.
 * A paid order waits for the admin, who ships it (the contract's Pending and Shipped) or cancels it
 * and refunds the buyer.
 */
function FulfilmentStatus({ order, onRefund }: { order: Order; onRefund: (order: Order) => void }) {
  switch (order.status) {
    case "paid":
      return (
        <div className="ship-cell">
          <span className="badge badge-warning">Pending</span>
          <ShipOrderForm order={order} />
          <button type="button" className="btn btn-small btn-refund" onClick={() => onRefund(order)}>
            Cancel and refund
          </button>
        </div>
      );
    case "shipped":
      return (
        <span className="order-status">
          <span className="badge badge-success">Shipped</span>
          <ShippingDetails order={order} />
        </span>
      );
    default:
      return <span className="badge">{statusWords(order.status)}</span>;
  }
}

interface AdminOrderRowProps {
  order: Order;
  onCancel: (order: Order) => void;
  onRefund: (order: Order) => void;
}

/**
 * One order in Manage All Orders: the contract's eight cells (docs/product.md §3.10), after the day
 * it was placed. The day is the row's header rather than a ninth column, so the contract's columns
 * stay as they are.
 */
export function AdminOrderRow({ order, onCancel, onRefund }: AdminOrderRowProps) {
  const number = orderNumber(order._id);
  return (
    <tr>
      <th scope="row" className="order-placed">
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </th>
      <td data-label="Order Number">
        <Link to={paths.dashboard.order.href(order._id)} aria-label={`Order ${number}`}>
          <code title={order._id}>{number}</code>
        </Link>
      </td>
      <td data-label="Name">{order.userName}</td>
      <OrderedItemCells order={order} quantityLabel="Ordered Quantity" />
      <td data-label="Status">{order.paid ? <span className="badge badge-success">Paid</span> : <span className="badge">Unpaid</span>}</td>
      <td data-label="Status">
        <FulfilmentStatus order={order} onRefund={onRefund} />
      </td>
      <CancelOrderCell order={order} onCancel={onCancel} />
    </tr>
  );
}
