import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Order } from "../orders/orders.schemas.js";
import type { PaymentsContext } from "./payments-context.js";

/**
 * An admin cancels a paid order that has not shipped and its whole amount goes back to the card.
 * One change makes the order refunded (its units back on sale, the audit entry, the buyer's e-mail)
 * and the payment owed back; the provider is asked once it has committed, under the refund's one
 * key, and if it fails the sweeper asks again. A second request finds the order refunded and
 * refunds nothing; shipping, which needs the order paid, cannot overtake it, nor it shipping.
 */
export async function refundOrder({ store, change, settlement, refunds }: PaymentsContext, actor: Principal, orderId: string): Promise<Order> {
  const order = await change(async (work) => {
    const order = await settlement.lock(work, orderId);
    if (!order || order.status === "cancelled") throw notFound("Order");
    if (order.status === "refunded") return order;
    if (order.status === "shipped") throw conflict("order_shipped", "A shipped order cannot be cancelled and refunded.");
    if (order.status === "unpaid") throw conflict("order_unpaid", "An unpaid order has nothing to refund; cancel it instead.");
    const payment = await store.lockSucceededForOrder(work.tx, order.id);
    if (!payment) throw conflict("payment_not_found", "No card payment of this order is known to refund.");
    await store.setStatus(work.tx, payment.id, "refund_due", "The shop cancelled the paid order");
    const refunded = await settlement.markRefunded(work, actor, order.id);
    if (!refunded) throw conflict("order_changed", "The order changed meanwhile. Please reload it.");
    work.afterCommit(async () => {
      try {
        await refunds.refund(payment.intentId);
      } catch {
        // Owed and recorded as due: the sweeper (jobs/retry-due-refunds.ts) asks the provider again.
      }
    });
    return refunded;
  });
  return order.view;
}
