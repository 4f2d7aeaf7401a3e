import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { stockMovements, type StockMovementRow, tools } from "./tools.tables.js";
import { isUuid } from "../../lib/ids.js";

/** What an order needs of its tool: the price and name it records, and the stock it checks. */
export interface StockForOrders {
  id: string;
  name: string;
  unitPriceCents: number;
  minOrderQuantity: number;
  stock: number;
}

/**
 * Locks a listed tool for the rest of the transaction, so the orders of one batch, or a stock
 * movement, are checked against its stock as it is, and no other transaction changes it meanwhile.
 */
export async function lockListedTool(db: Queryable, id: string): Promise<StockForOrders | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: tools.id, name: tools.name, unitPriceCents: tools.unitPriceCents, minOrderQuantity: tools.minOrderQuantity, stock: tools.stock })
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.deletedAt)))
    .for("update");
  return row ?? null;
}

export async function takeStock(db: Queryable, id: string, quantity: number): Promise<void> {
  await db
    .update(tools)
    .set({ stock: sql`${tools.stock} - ${quantity}` })
    .where(eq(tools.id, id));
}

/** Returns units to a tool, deleted or not: the stock was never sold. */
export async function returnStock(db: Queryable, id: string, quantity: number): Promise<void> {
  await db
    .update(tools)
    .set({ stock: sql`${tools.stock} + ${quantity}` })
    .where(eq(tools.id, id));
}

/**
 * Puts units on a tool's shelf (a positive change) or takes them off (negative), with the ledger
 * row that accounts for them; returns the stock it leaves. Call it with the tool locked.
 */
export async function moveStock(
  db: Queryable,
  movement: { toolId: string; kind: "restock" | "correction"; change: number; reason: string; actorId: string },
): Promise<{ movement: StockMovementRow; stock: number }> {
  const [tool] = await db
    .update(tools)
    .set({ stock: sql`${tools.stock} + ${movement.change}` })
    .where(eq(tools.id, movement.toolId))
    .returning({ stock: tools.stock });
  const [row] = await db
    .insert(stockMovements)
    .values({ toolId: movement.toolId, kind: movement.kind, quantity: movement.change, reason: movement.reason, actorId: movement.actorId })
    .returning();
  return { movement: row!, stock: tool!.stock };
}

/** A tool's ledger, newest first, from before the movement `before` when given. */
export function listMovements(db: Queryable, toolId: string, { before, rows }: { before?: number; rows: number }): Promise<StockMovementRow[]> {
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.toolId, toolId), before === undefined ? undefined : lt(stockMovements.id, before)))
    .orderBy(desc(stockMovements.id))
    .limit(rows);
}
