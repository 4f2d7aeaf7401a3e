import { and, count, desc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { type OrderCanceller, orders, type OrderRow } from "./orders.tables.js";
import { isUuid } from "../../lib/ids.js";
import { likePattern } from "../../lib/page-cursor.js";
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
 * When each of these buyers may hold the tool unpaid again: one hold period after the last unpaid
 * order of it they cancelled or let lapse, for the buyers whose period is not over on the database's
 * clock. A range of orders_cooling_idx per buyer.
 */
export async function findCoolingDown(tx: Queryable, toolId: string, buyerIds: string[], holdMinutes: number): Promise<Map<string, Date>> {
  const period = sql`${holdMinutes}::double precision * interval '1 minute'`;
  const rows = await tx
    .select({ userId: orders.userId, until: sql<Date>`max(${orders.cancelledAt}) + ${period}`.mapWith(orders.cancelledAt) })
    .from(orders)
    .where(
      and(
        // Word for word the index's predicate, so the planner can use it.
        sql`${orders.status} = 'cancelled' and ${orders.cancelledBy} in ('buyer', 'hold')`,
        inArray(orders.userId, [...new Set(buyerIds)]),
        eq(orders.toolId, toolId),
        sql`${orders.cancelledAt} > now() - ${period}`,
      ),
    )
    .groupBy(orders.userId);
  return new Map(rows.map((row) => [row.userId, row.until]));
}

/**
 * Inserts accepted orders, each holding its units for its own `holdMinutes` on the database's clock,
 * as created_at counts; the release job compares the hold with now(). A key another instance's batch
 * is inserting right now waits for it, then inserts nothing: only the rows inserted come back.
 */
export function insertOrders(tx: Queryable, accepted: AcceptedOrder[]): Promise<OrderRow[]> {
  if (accepted.length === 0) return Promise.resolve([]);
  return tx
    .insert(orders)
    .values(accepted.map(({ holdMinutes, ...row }) => ({ ...row, releasesAt: sql`now() + ${holdMinutes}::double precision * interval '1 minute'` })))
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

/** What All Orders asks for: a status or every live one, a search, and where the page starts. */
export interface AdminOrdersView {
  status: OrderRow["status"] | null;
  /** Lower-cased; null is no search. */
  q: string | null;
  /** The id of the order the page before ended on. */
  afterId: string | null;
  limit: number;
}

const ORDER_NUMBER = /^[0-9a-f]{8}$/;

/**
 * One page of All Orders, newest first. Each filter walks an index: a status its own
 * (orders_status_listed_idx), every live order the listing (orders_listed_idx), and a search the
 * trigram index over the buyer's email and name and the tool's name (orders_search_idx), or the
 * primary key for an order number.
 */
export function listForAdmin(db: Queryable, { status, q, afterId, limit }: AdminOrdersView): Promise<OrderRow[]> {
  const conditions = [status ? eq(orders.status, status) : live];
  if (q) {
    const text = sql`(${orders.userEmail} || ' ' || ${orders.userName} || ' ' || ${orders.toolName}) ilike ${likePattern(q)}`;
    // An order number is the first eight characters of its id: ids from …-0000… to …-ffff….
    const byNumber = ORDER_NUMBER.test(q) ? sql`${orders.id} between ${`${q}-0000-0000-0000-000000000000`}::uuid and ${`${q}-ffff-ffff-ffff-ffffffffffff`}::uuid` : null;
    conditions.push(byNumber ? sql`(${text} or ${byNumber})` : text);
  }
  if (afterId) conditions.push(sql`(${orders.createdAt}, ${orders.id}) < (select created_at, id from ${orders} where id = ${afterId})`);
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** Live orders newest first, at most `limit`: a walk of orders_listed_idx that stops there. */
export function listLive(db: Queryable, limit: number): Promise<OrderRow[]> {
  return db.select().from(orders).where(live).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
}

/** Unpaid to cancelled, by its buyer or by an admin. */
export async function markCancelled(db: Queryable, id: string, by: Exclude<OrderCanceller, "hold">): Promise<void> {
  await db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: by })
    .where(eq(orders.id, id));
}

export async function markShipped(db: Queryable, id: string, details: { carrier: string | null; trackingNumber: string | null }): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(orders)
    .set({ status: "shipped", shippedAt: sql`now()`, shippingCarrier: details.carrier, trackingNumber: details.trackingNumber })
    .where(and(eq(orders.id, id), eq(orders.status, "paid")))
    .returning();
  return row ?? null;
}

/** Paid to refunded, once: the units go back with it, in the caller's transaction. */
export async function markRefunded(db: Queryable, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set({ status: "refunded", refundedAt: sql`now()` })
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

/** Only the payment that settled the order names its card, and only once; the buyer's email when it did. */
export async function recordCard(db: Queryable, id: string, transactionId: string, cardLast4: string): Promise<{ userEmail: string } | null> {
  const [row] = await db
    .update(orders)
    .set({ cardLast4 })
    .where(and(eq(orders.id, id), eq(orders.transactionId, transactionId), isNull(orders.cardLast4)))
    .returning({ userEmail: orders.userEmail });
  return row ?? null;
}

/**
 * Cancels up to `limit` unpaid orders whose hold is over and returns them as cancelled.
 * SKIP LOCKED lets a payment or a cancellation that holds an order finish first.
 */
export function cancelUnpaidPastHold(db: Queryable, limit: number): Promise<OrderRow[]> {
  const expired = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "unpaid"), lte(orders.releasesAt, sql`now()`)))
    .orderBy(orders.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(orders)
    .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: "hold" })
    .where(inArray(orders.id, expired))
    .returning();
}

/**
 * Orders carry their buyer's email, and My Orders finds them by it. When an account's email
 * changes, its orders follow, so the owner still sees them and whoever signs up with the old
 * address later does not.
 */
export async function moveBuyerToEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.update(orders).set({ userEmail: email }).where(eq(orders.userId, userId));
}

/** The orders' figures on the admin's overview. */
export interface OrderFigures {
  revenueTodayCents: number;
  revenueWeekCents: number;
  awaitingShipment: number;
}

/**
 * The admin's overview of orders, each figure one query on its own index: money taken by orders
 * paid since the start of today and of this week in the admin's time zone, given as instants
 * (orders_paid_at_idx; a refunded order's money went back and is not counted), and the paid orders
 * awaiting shipment (orders_status_listed_idx).
 */
export async function figures(db: Queryable, since: { today: Date; week: Date }): Promise<OrderFigures> {
  const revenueSince = (start: Date) => sql`(
    select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders}
    where ${orders.paidAt} is not null and ${orders.paidAt} >= ${start.toISOString()}::timestamptz and ${orders.status} in ('paid', 'shipped'))`;
  // One round trip for the three: each subquery walks its own index.
  const result = await db.execute<{ today: string; week: string; awaiting: number }>(sql`
    select ${revenueSince(since.today)} as today, ${revenueSince(since.week)} as week,
      (select count(*)::int from ${orders} where ${orders.status} = 'paid') as awaiting`);
  const row = result.rows[0]!;
  return { revenueTodayCents: Number(row.today), revenueWeekCents: Number(row.week), awaitingShipment: row.awaiting };
}
