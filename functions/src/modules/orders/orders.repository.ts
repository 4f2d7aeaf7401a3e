import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { mapRow } from "../../db/map-row.js";
import { orders, type OrderRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";
import { orderTotalCentsSql } from "../../lib/money.js";
import { takeStock } from "../tools/tools.repository.js";

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

export interface NewOrder {
  toolId: string;
  quantity: number;
  buyer: { id: string; name: string; email: string };
  userPhone: string;
  userAddress: string;
  idempotencyKey: string | null;
}

/**
 * Takes the units and records the order in one statement. Orders for one tool queue on its row,
 * and the row is held only for this statement and its commit, so a popular tool sells as fast
 * as the database can commit. Null when the tool is gone or the quantity breaks a rule.
 */
export async function placeOrder(db: Queryable, order: NewOrder): Promise<OrderRow | null> {
  if (!isUuid(order.toolId)) return null;
  const columns = [
    orders.toolId,
    orders.toolName,
    orders.userId,
    orders.userName,
    orders.userEmail,
    orders.userPhone,
    orders.userAddress,
    orders.quantity,
    orders.totalCents,
    orders.idempotencyKey,
  ];
  // Drizzle's insert-from-select must name every column, defaults included, so this one statement
  // is written out; `taken` returns the tool's id, name and price_cents.
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with taken as (${takeStock(db, order.toolId, order.quantity).getSQL()})
    insert into ${orders} (${sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    )})
    select taken.id, taken.name, ${order.buyer.id}::uuid, ${order.buyer.name}::text, ${order.buyer.email}::text,
      ${order.userPhone}::text, ${order.userAddress}::text, ${order.quantity}::integer,
      ${orderTotalCentsSql(sql`taken.price_cents`, order.quantity)}, ${order.idempotencyKey}::text
    from taken
    returning *`);
  return rows[0] ? mapRow(orders, rows[0]) : null;
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
