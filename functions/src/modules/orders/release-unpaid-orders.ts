import type { OrderRecord } from "./orders.store.js";
import type { OrdersContext } from "./orders-context.js";
import { unitsByTool } from "./units-by-tool.js";

/** The released orders as their buyers are told: each order on its own, and a checkout's together. */
function byHold(released: OrderRecord[]): { alone: OrderRecord[]; checkouts: OrderRecord[][] } {
  const checkouts = new Map<string, OrderRecord[]>();
  const alone: OrderRecord[] = [];
  for (const row of released) {
    if (row.checkoutId === null) alone.push(row);
    else checkouts.set(row.checkoutId, [...(checkouts.get(row.checkoutId) ?? []), row]);
  }
  return { alone, checkouts: [...checkouts.values()] };
}

/**
 * Unpaid orders whose hold is over are cancelled and their units go back on sale, in batches, each
 * batch one transaction of the size the store takes (`releaseBatch`); each buyer is told once per
 * order placed on its own and once per checkout. A longer backlog takes several batches in the same
 * run. Returns how many orders were released.
 */
export async function releaseUnpaidOrders({ store, change, stock, mail, messages, checkoutMessages }: OrdersContext): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await change(async (work) => {
      const held = await store.cancelUnpaidPastHold(work.tx, store.releaseBatch);
      // One update per tool, in id order, so two runs at once cannot lock tools in a circle.
      for (const [toolId, quantity] of unitsByTool(held)) await stock.giveBack(work, toolId, quantity);
      const { alone, checkouts } = byHold(held);
      await mail.enqueue(work.tx, ...alone.map((row) => messages.cancelled(row, "hold")), ...checkouts.map((rows) => checkoutMessages.cancelled(rows, "hold")));
      return held.length;
    });
    released += batch;
    if (batch < store.releaseBatch) return released;
  }
}
