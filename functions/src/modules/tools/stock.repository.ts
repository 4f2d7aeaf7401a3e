import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { tools } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";

/** What an order needs of its tool: the price and name it records, and the stock it checks. */
export interface StockForOrders {
  id: string;
  name: string;
  priceCents: number;
  moq: number;
  aq: number;
}

/**
 * Locks a listed tool for the rest of the transaction, so the orders of one batch are checked
 * against its stock as it is, and no other transaction takes from it meanwhile.
 */
export async function lockForOrders(db: Queryable, id: string): Promise<StockForOrders | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: tools.id, name: tools.name, priceCents: tools.priceCents, moq: tools.moq, aq: tools.aq })
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.deletedAt)))
    .for("update");
  return row ?? null;
}

export async function takeStock(db: Queryable, id: string, quantity: number): Promise<void> {
  await db
    .update(tools)
    .set({ aq: sql`${tools.aq} - ${quantity}` })
    .where(eq(tools.id, id));
}

/** Returns units to a tool, deleted or not: the stock was never sold. */
export async function returnStock(db: Queryable, id: string, quantity: number): Promise<void> {
  await db
    .update(tools)
    .set({ aq: sql`${tools.aq} + ${quantity}` })
    .where(eq(tools.id, id));
}
