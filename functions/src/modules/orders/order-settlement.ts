import { conflict, notFound } from "../../lib/errors.js";
import { checkoutStatusOf, inLineOrder } from "./checkout-wire.js";
import type { OrderSettlement, OrderToRefund, PayableToSettle } from "./orders.service.js";
import { toOrder } from "./order-wire.js";
import type { CheckoutRecord, OrderRecord } from "./orders.store.js";
import type { OrdersContext } from "./orders-context.js";

const orderToSettle = (row: OrderRecord): PayableToSettle => ({ payable: { kind: "order", id: row.id }, status: row.status, totalCents: row.totalCents });

/** A checkout's orders leave `unpaid` together; one that is not, beside others that are, makes the checkout unpayable. */
const checkoutToSettle = (checkout: CheckoutRecord, orders: OrderRecord[]): PayableToSettle => {
  const status = checkoutStatusOf(orders);
  const payable = status === "unpaid" && orders.some((order) => order.status !== "unpaid") ? "cancelled" : status;
  return { payable: { kind: "checkout", id: checkout.id }, status: payable, totalCents: checkout.totalCents };
};

const toRefund = (row: OrderRecord): OrderToRefund => ({
  id: row.id,
  status: row.status,
  totalCents: row.totalCents,
  paidAs: row.checkoutId === null ? { kind: "order", id: row.id } : { kind: "checkout", id: row.checkoutId },
  view: toOrder(row),
});

/**
 * What the payments module does to an order or a checkout. Each change joins the payment's own and
 * registers what must follow its commit (the lists forgetting the order, the stock shown again), so
 * the payments module has nothing to remember once it has committed. A checkout is locked before its
 * orders, by every change to them.
 */
export function orderSettlement({ store, stock, audit, mail, messages, checkoutMessages, lists }: OrdersContext): OrderSettlement {
  return {
    async ownLive(principal, { kind, id }) {
      if (kind === "order") {
        const row = await store.findLive(id);
        if (!row || row.userId !== principal.id) throw notFound("Order");
        // Its checkout's one payment pays it, with the checkout's other orders.
        if (row.checkoutId !== null) throw conflict("order_in_checkout", "This order is paid with its checkout, on the checkout's payment page.");
        return orderToSettle(row);
      }
      const checkout = await store.findCheckout(id);
      if (!checkout || checkout.userId !== principal.id) throw notFound("Checkout");
      return checkoutToSettle(checkout, await store.findOrders(checkout.orderIds));
    },

    async lock({ tx }, { kind, id }) {
      if (kind === "order") {
        const row = await store.lockForPayment(tx, id);
        return row && orderToSettle(row);
      }
      const checkout = await store.lockCheckout(tx, id);
      return checkout && checkoutToSettle(checkout, await store.lockOrders(tx, checkout.orderIds));
    },

    async markPaid({ tx, afterCommit }, { kind, id }, transactionId, cardLast4) {
      if (kind === "order") {
        // An order of a checkout is paid with it, never alone: money for it alone goes back.
        const locked = await store.lockForPayment(tx, id);
        if (!locked || locked.checkoutId !== null) return false;
        const row = await store.markPaid(tx, id, transactionId, cardLast4);
        if (!row) return false;
        // The receipt goes with the payment that settled the order, and with no other.
        await mail.enqueue(tx, messages.paid(row));
        afterCommit(() => lists.changed(row.userEmail));
        return true;
      }
      const checkout = await store.lockCheckout(tx, id);
      const rows = checkout && (await store.markCheckoutPaid(tx, checkout.id, transactionId, cardLast4));
      if (!checkout || !rows) return false;
      // One receipt for the checkout, listing every line in the order the buyer sent them.
      await mail.enqueue(tx, checkoutMessages.paid(checkout, inLineOrder(checkout, rows)));
      afterCommit(() => lists.changed(checkout.userEmail));
      return true;
    },

    async recordCard({ tx, afterCommit }, { kind, id }, transactionId, cardLast4) {
      const ids = kind === "order" ? [id] : ((await store.lockCheckout(tx, id))?.orderIds ?? []);
      for (const orderId of ids) {
        const recorded = await store.recordCard(tx, orderId, transactionId, cardLast4);
        if (recorded) afterCommit(() => lists.changed(recorded.userEmail));
      }
    },

    async lockForRefund({ tx }, id) {
      const row = await store.lockForPayment(tx, id);
      return row && toRefund(row);
    },

    async markRefunded(work, actor, id) {
      const { tx, afterCommit } = work;
      const row = await store.markRefunded(tx, id);
      if (!row) return null;
      await stock.giveBack(work, row.toolId, row.quantity);
      await audit.record(tx, {
        actor,
        action: "order.refunded",
        target: { type: "order", id: row.id },
        details: { userEmail: row.userEmail, totalCents: row.totalCents, transactionId: row.transactionId },
      });
      await mail.enqueue(tx, messages.refunded(row));
      afterCommit(() => lists.changed(row.userEmail));
      return toRefund(row);
    },
  };
}
