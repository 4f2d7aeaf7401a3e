import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { orders, type OrderRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";

const live = ne(orders.status, "cancelled");

export async function findLiveOrder(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(orders).where(and(eq(orders.id, id), live));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function findByIdempotencyKey(db: Queryable, userId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ?? null;
}

export async function insertOrder(db: Queryable, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export function listLiveByEmail(db: Queryable, email: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userEmail, email.trim().toLowerCase()), live))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export function listLive(db: Queryable): Promise<OrderRow[]> {
  return db.select().from(orders).where(live).orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function markCancelled(db: Queryable, id: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: sql`now()` })
    .where(eq(orders.id, id));
}

export async function markShipped(db: Queryable, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(orders)
    .set({ status: "shipped", shippedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.status, "paid")))
    .returning();
  return row ?? null;
}

/** Any order, cancelled included, locked for the payment that settles it. */
export async function findOrderForPayment(db: Queryable, id: string): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update");
  return row ?? null;
}

/** Unpaid to paid, once: a paid order never goes back, and a second success changes nothing. */
export async function markPaid(db: Queryable, id: string, transactionId: string): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: "paid", paidAt: sql`now()`, transactionId })
    .where(and(eq(orders.id, id), eq(orders.status, "unpaid")))
    .returning();
  return row ?? null;
}

/**
 * Cancels up to `limit` unpaid orders placed before `cutoff` and reports what they held.
 * SKIP LOCKED lets a payment or a cancellation that holds an order finish first.
 */
export async function cancelUnpaidBefore(db: Queryable, cutoff: Date, limit: number): Promise<{ toolId: string; quantity: number }[]> {
  const result = await db.execute<{ tool_id: string; quantity: number }>(sql`
    with expired as (
      select id from ${orders}
      where ${orders.status} = 'unpaid' and ${orders.createdAt} < ${cutoff.toISOString()}
      order by ${orders.createdAt}
      limit ${limit}
      for update skip locked
    )
    update ${orders} set status = 'cancelled', cancelled_at = now()
    from expired where ${orders.id} = expired.id
    returning ${orders.toolId} as tool_id, ${orders.quantity} as quantity`);
  return result.rows.map((row) => ({ toolId: row.tool_id, quantity: row.quantity }));
}
