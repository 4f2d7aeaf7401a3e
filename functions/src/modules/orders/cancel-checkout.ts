import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { Checkout } from "./checkout.schemas.js";
import { checkoutStatusOf, inLineOrder, toCheckout } from "./checkout-wire.js";
import { canSee } from "./order-rules.js";
import type { OrdersContext } from "./orders-context.js";
import { unitsByTool } from "./units-by-tool.js";

/** A checkout after its cancellation was asked for, and how many of its orders this cancellation ended. */
export interface CancelledCheckout {
  checkout: Checkout;
  cancelled: number;
}

/**
 * A buyer, or an admin, cancels an unpaid checkout: every order of it is cancelled and every unit
 * goes back on the shelf, in one change, and the buyer is told once. A checkout cancelled already is
 * answered as it is; a paid one cannot be cancelled (each of its orders is refunded on its own).
 */
export async function cancelCheckout(context: OrdersContext, principal: Principal, id: string): Promise<CancelledCheckout> {
  const { store, change, stock, audit, mail, checkoutMessages, lists } = context;
  return change(async (work) => {
    const { tx, afterCommit } = work;
    const checkout = await store.lockCheckout(tx, id);
    if (!checkout || !canSee(principal, checkout)) throw notFound("Checkout");
    const orders = await store.lockOrders(tx, checkout.orderIds);
    const status = checkoutStatusOf(orders);
    if (status === "cancelled") return { checkout: toCheckout(checkout, orders), cancelled: 0 };
    if (status === "paid") throw conflict("checkout_paid", "A paid checkout cannot be cancelled.");
    // A buyer's own cancellation starts each tool's cool-down for them (order-rules.ts); an admin's does not.
    const by = checkout.userId === principal.id ? "buyer" : "shop";
    const cancelled = await store.markCheckoutCancelled(tx, checkout.id, by);
    for (const [toolId, quantity] of unitsByTool(cancelled)) await stock.giveBack(work, toolId, quantity);
    if (cancelled.length > 0) await mail.enqueue(tx, checkoutMessages.cancelled(inLineOrder(checkout, cancelled), by));
    if (checkout.userId !== principal.id) {
      await audit.record(tx, { actor: principal, action: "checkout.cancelled", target: { type: "checkout", id: checkout.id }, details: { userEmail: checkout.userEmail } });
    }
    afterCommit(() => lists.changed(checkout.userEmail));
    const byId = new Map(cancelled.map((row) => [row.id, row]));
    return {
      checkout: toCheckout(
        checkout,
        orders.map((order) => byId.get(order.id) ?? order),
      ),
      cancelled: cancelled.length,
    };
  });
}
