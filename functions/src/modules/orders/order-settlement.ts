import { notFound } from "../../lib/errors.js";
import type { OrderSettlement, OrderToSettle } from "./orders.service.js";
import { toOrder } from "./order-wire.js";
import type { OrderRecord } from "./orders.store.js";
import type { OrdersContext } from "./orders-context.js";

const toSettle = (row: OrderRecord): OrderToSettle => ({ id: row.id, status: row.status, totalCents: row.totalCents, view: toOrder(row) });

/**
 * What the payments module does to an order. Each change joins the payment's own and registers
 * what must follow its commit (the lists forgetting the order, the stock shown again), so the
 * payments module has nothing to remember once it has committed.
 */
export function orderSettlement({ store, stock, audit, mail, messages, lists }: OrdersContext): OrderSettlement {
  return {
    async ownLive(principal, id) {
      const row = await store.findLive(id);
      if (!row || row.userId !== principal.id) throw notFound("Order");
      return toSettle(row);
    },

    async lock({ tx }, id) {
      const row = await store.lockForPayment(tx, id);
      return row && toSettle(row);
    },

    async markPaid({ tx, afterCommit }, id, transactionId, cardLast4) {
      const row = await store.markPaid(tx, id, transactionId, cardLast4);
      if (!row) return false;
      // The receipt goes with the payment that settled the order, and with no other.
      await mail.enqueue(tx, messages.paid(row));
      afterCommit(() => lists.changed(row.userEmail));
      return true;
    },

    async recordCard({ tx, afterCommit }, id, transactionId, cardLast4) {
      const recorded = await store.recordCard(tx, id, transactionId, cardLast4);
      if (recorded) afterCommit(() => lists.changed(recorded.userEmail));
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
      return toSettle(row);
    },
  };
}
