import type { Principal } from "../../lib/auth.js";
import { AppError, conflict, notFound } from "../../lib/errors.js";
import { cancelCheckout } from "./cancel-checkout.js";
import { canSee } from "./order-rules.js";
import type { OrdersContext } from "./orders-context.js";

/**
 * A buyer, or an admin, cancels an unpaid order: its units go back on the shelf and the buyer is
 * told. An order of a checkout is cancelled with its checkout: they were placed, and are paid, as one.
 * Returns how many orders were cancelled.
 */
export async function cancelOrder(context: OrdersContext, principal: Principal, id: string): Promise<number> {
  const { store, change, stock, audit, mail, messages, lists } = context;
  // A checkout is locked before its orders; an order never changes checkout, so it is read unlocked first.
  const placed = await store.findLive(id);
  if (placed?.checkoutId && canSee(principal, placed)) {
    const paid = () => conflict("order_paid", "A paid order cannot be cancelled.");
    if (placed.status !== "unpaid") throw paid();
    try {
      return (await cancelCheckout(context, principal, placed.checkoutId)).cancelled;
    } catch (error) {
      // Paid meanwhile: the spec's answer to cancelling a paid order.
      throw error instanceof AppError && error.code === "checkout_paid" ? paid() : error;
    }
  }
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
    return 1;
  });
}
