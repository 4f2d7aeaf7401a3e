import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { orders, type OrderRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";
import type { AcceptedOrder } from "./order-rules.js";

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

/** Which of these (buyer, Idempotency-Key) pairs already name an order, of any tool. */
export async function findUsedKeys(tx: Queryable, pairs: { buyerId: string; idempotencyKey: string }[]): Promise<{ buyerId: string; idempotencyKey: string }[]> {
  if (pairs.length === 0) return [];
  const values = pairs.map(({ buyerId, idempotencyKey }) => sql`(${buyerId}::uuid, ${idempotencyKey}::text)`);
  const rows = await tx
    .select({ buyerId: orders.userId, idempotencyKey: orders.idempotencyKey })
    .from(orders)
    .where(sql`(${orders.userId}, ${orders.idempotencyKey}) in (${sql.join(values, sql`, `)})`);
  return rows.map((row) => ({ buyerId: row.buyerId, idempotencyKey: row.idempotencyKey! }));
}

// Any fixed number: the first key of the buyers' advisory locks, the second being the buyer's.
const BUYER_PLACING_LOCK = 7_240_160;

/**
 * Locks each buyer for the rest of the transaction and counts the unpaid orders they hold. Every
 * placement takes the tool's lock first and then its buyers' in one fixed order, so two batches
 * never wait on each other in a circle; a buyer's orders for other tools, placed at the same moment
 * in other batches and instances, wait here until this one is committed, and are counted then.
 */
export async function lockBuyersAndCountUnpaid(tx: Queryable, buyerIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(buyerIds)];
  const values = sql.join(
    ids.map((id) => sql`(${id}::text)`),
    sql`, `,
  );
  // An advisory lock rather than the user's row: an admin holding that row through a call to
  // Firebase must not stall every order for the tool.
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(${BUYER_PLACING_LOCK}, lock_key))
    from (select distinct hashtext(id) as lock_key from (values ${values}) as buyer(id) order by lock_key) as keys`);
  const rows = await tx
    .select({ userId: orders.userId, unpaid: count() })
    .from(orders)
    .where(and(eq(orders.status, "unpaid"), inArray(orders.userId, ids)))
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, row.unpaid]));
}

/**
 * Inserts accepted orders, each holding its units for `holdMinutes` on the database's clock, as
 * created_at counts; the release job compares the hold with now(). A key another instance's batch
 * is inserting right now waits for it, then inserts nothing: only the rows inserted come back.
 */
export function insertOrders(tx: Queryable, accepted: AcceptedOrder[], holdMinutes: number): Promise<OrderRow[]> {
  if (accepted.length === 0) return Promise.resolve([]);
  const releasesAt = sql`now() + ${holdMinutes}::double precision * interval '1 minute'`;
  return tx
    .insert(orders)
    .values(accepted.map((row) => ({ ...row, releasesAt })))
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
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
export async function markPaid(db: Queryable, id: string, transactionId: string, cardLast4: string | null): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: "paid", paidAt: sql`now()`, transactionId, cardLast4 })
    .where(and(eq(orders.id, id), eq(orders.status, "unpaid")))
    .returning();
  return row ?? null;
}

/** Only the payment that settled the order names its card, and only once. */
export async function recordCard(db: Queryable, id: string, transactionId: string, cardLast4: string): Promise<void> {
  await db
    .update(orders)
    .set({ cardLast4 })
    .where(and(eq(orders.id, id), eq(orders.transactionId, transactionId), isNull(orders.cardLast4)));
}

/**
 * Cancels up to `limit` unpaid orders whose hold is over and reports what they held.
 * SKIP LOCKED lets a payment or a cancellation that holds an order finish first.
 */
export async function cancelUnpaidPastHold(db: Queryable, limit: number): Promise<{ toolId: string; quantity: number }[]> {
  const result = await db.execute<{ tool_id: string; quantity: number }>(sql`
    with expired as (
      select id from ${orders}
      where ${orders.status} = 'unpaid' and ${orders.releasesAt} <= now()
      order by ${orders.createdAt}
      limit ${limit}
      for update skip locked
    )
    update ${orders} set status = 'cancelled', cancelled_at = now()
    from expired where ${orders.id} = expired.id
    returning ${orders.toolId} as tool_id, ${orders.quantity} as quantity`);
  return result.rows.map((row) => ({ toolId: row.tool_id, quantity: row.quantity }));
}

/**
 * Orders carry their buyer's email, and My Orders finds them by it. When an account's email
 * changes, its orders follow, so the owner still sees them and whoever signs up with the old
 * address later does not.
 */
export async function moveBuyerToEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.update(orders).set({ userEmail: email }).where(eq(orders.userId, userId));
}
