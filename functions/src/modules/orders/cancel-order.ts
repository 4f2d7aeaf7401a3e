import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import { canSee } from "./order-rules.js";
import type { OrdersContext } from "./orders-context.js";

/** A buyer, or an admin, cancels an unpaid order: its units go back on the shelf and the buyer is told. */
export function cancelOrder({ store, change, stock, audit, mail, messages, lists }: OrdersContext, principal: Principal, id: string): Promise<void> {
  return change(async (work) => {
    const { tx, afterCommit } = work;
    const row = await store.lockLive(tx, id);
    if (!row || !canSee(principal, row)) throw notFound("Order");
    if (row.status !== "unpaid") throw conflict("order_paid", "A paid order cannot be cancelled.");
    // A buyer's own cancellation starts the tool's cool-down for them (order-rules.ts); an admin's does not.
    const by = row.userId === principal.id ? "buyer" : "shop";
    await store.markCancelled(tx, row.id, by);
    await stock.giveBack(work, row.toolId, row.quantity);
    await mail.enqueue(tx, messages.cancelled(row, by));
    // An admin cancelling a buyer's order is an admin action; anyone cancelling their own is not.
    if (row.userId !== principal.id) {
      await audit.record(tx, { actor: principal, action: "order.cancelled", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail } });
    }
    afterCommit(() => lists.changed(row.userEmail));
  });
}
