import type { Order } from "@api/orders/orders.schemas";
import type { ReactNode } from "react";
import { formatDateTime, formatDollars } from "@/lib/format";
import { orderNumber, unitPriceCharged } from "../lib/order-status";

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the buyer paid for, as a receipt: the one part of the order page that is printed. */
export function OrderReceipt({ order }: { order: Order & { paidAt: string } }) {
  return (
    <section className="card receipt" aria-labelledby="receipt-heading">
      <div className="card-body">
        <h2 id="receipt-heading">Receipt</h2>
        <p className="receipt-shop">Toolshop</p>
        <dl className="receipt-facts">
          <Fact term="Order Number">{orderNumber(order._id)}</Fact>
          <Fact term="Tools Name">{order.toolName}</Fact>
          <Fact term="Unit Price">{formatDollars(unitPriceCharged(order))}</Fact>
          <Fact term="Quantity">{order.quantityAmount} units</Fact>
          <Fact term="Total Price">{formatDollars(order.toolPrice)}</Fact>
          <Fact term="Paid at">
            <time dateTime={order.paidAt}>{formatDateTime(order.paidAt)}</time>
          </Fact>
          {order.refundedAt && (
            <Fact term="Refunded at">
              <time dateTime={order.refundedAt}>{formatDateTime(order.refundedAt)}</time>
            </Fact>
          )}
          <Fact term="Card">{order.cardLast4 ? `ending in ${order.cardLast4}` : "Not known"}</Fact>
          <Fact term="Transaction Id">
            <span className="transaction-id">{order.transactionId ?? "Not known"}</span>
          </Fact>
        </dl>
      </div>
    </section>
  );
}
