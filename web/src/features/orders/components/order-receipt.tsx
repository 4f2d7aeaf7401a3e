import type { Order } from "@api/orders/orders.schemas";
import { CardFacts, Fact, TimeFact } from "@/components/ui/fact";
import { formatDollars } from "@/lib/format";
import { orderNumber, unitPriceCharged } from "../lib/order-status";

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
          <TimeFact term="Paid at" at={order.paidAt} />
          {order.refundedAt && <TimeFact term="Refunded at" at={order.refundedAt} />}
          <CardFacts cardLast4={order.cardLast4} transactionId={order.transactionId} />
        </dl>
      </div>
    </section>
  );
}
