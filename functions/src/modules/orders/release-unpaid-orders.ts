import type { OrdersContext } from "./orders-context.js";

/** The units each tool gets back, one entry per tool, in the tools' id order. */
function unitsByTool(held: { toolId: string; quantity: number }[]): [string, number][] {
  const units = new Map<string, number>();
  for (const { toolId, quantity } of held) units.set(toolId, (units.get(toolId) ?? 0) + quantity);
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Unpaid orders whose hold is over are cancelled and their units go back on sale, in batches, each
 * batch one transaction of the size the store takes (`releaseBatch`); each buyer is told. A longer
 * backlog takes several batches in the same run. Returns how many orders were released.
 */
export async function releaseUnpaidOrders({ store, change, stock, mail, messages }: OrdersContext): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await change(async (work) => {
      const held = await store.cancelUnpaidPastHold(work.tx, store.releaseBatch);
      // One update per tool, in id order, so two runs at once cannot lock tools in a circle.
      for (const [toolId, quantity] of unitsByTool(held)) await stock.giveBack(work, toolId, quantity);
      await mail.enqueue(work.tx, ...held.map((row) => messages.cancelled(row, "hold")));
      return held.length;
    });
    released += batch;
    if (batch < store.releaseBatch) return released;
  }
}
