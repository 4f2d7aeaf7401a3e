import type { Principal } from "../../lib/auth.js";
import type { Work } from "../../lib/change.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Order } from "../orders/orders.schemas.js";
import type { OrderToRefund } from "../orders/orders.service.js";
import type { PaymentRecord } from "./payments.store.js";
import type { PaymentsContext } from "./payments-context.js";

/**
 * An admin cancels a paid order that has not shipped and its whole amount goes back to the card.
 * One change makes the order refunded (its units back on sale, the audit entry, the buyer's e-mail)
 * and the money owed back; the provider is asked once it has committed, under the refund's one
 * key, and if it fails the sweeper asks again. A second request finds the order refunded and
 * refunds nothing; shipping, which needs the order paid, cannot overtake it, nor it shipping.
 *
 * An order paid with the rest of its checkout gets back its own total only: a part of the
 * checkout's payment, owed once per order, under a key of its own, while the other orders stay paid.
 */
export async function refundOrder(context: PaymentsContext, actor: Principal, orderId: string): Promise<Order> {
  const { store, change, settlement } = context;
  const order = await change(async (work) => {
    const order = await settlement.lockForRefund(work, orderId);
    if (!order || order.status === "cancelled") throw notFound("Order");
    if (order.status === "refunded") return order;
    if (order.status === "shipped") throw conflict("order_shipped", "A shipped order cannot be cancelled and refunded.");
    if (order.status === "unpaid") throw conflict("order_unpaid", "An unpaid order has nothing to refund; cancel it instead.");
    const payment = await store.lockSucceededFor(work.tx, order.paidAs);
    if (!payment) throw conflict("payment_not_found", "No card payment of this order is known to refund.");
    await owe(context, work, order, payment);
    const refunded = await settlement.markRefunded(work, actor, order.id);
    if (!refunded) throw conflict("order_changed", "The order changed meanwhile. Please reload it.");
    return refunded;
  });
  return order.view;
}

/**
 * Records the money owed back in the refund's change, and asks the provider for it once the change
 * has committed. A failed call leaves it due, and the sweeper (jobs/retry-due-refunds.ts) asks again.
 */
async function owe({ store, refunds }: PaymentsContext, { tx, afterCommit }: Work, order: OrderToRefund, payment: PaymentRecord): Promise<void> {
  const giveBack = async (refund: () => Promise<void>) => {
    try {
      await refund();
    } catch {
      // Owed and recorded as due: the sweeper asks the provider again.
    }
  };
  if (order.paidAs.kind === "order") {
    await store.setStatus(tx, payment.id, "refund_due", "The shop cancelled the paid order");
    afterCommit(() => giveBack(() => refunds.refund(payment.intentId)));
    return;
  }
  const part = { orderId: order.id, intentId: payment.intentId, provider: payment.provider, amountCents: order.totalCents };
  // The payment stays succeeded: it still pays the checkout's other orders.
  if (await store.recordPartialRefund(tx, part)) afterCommit(() => giveBack(() => refunds.refundPart(part)));
}
