import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { DEFAULT_ORDER_RULES, type OrderRules } from "../../config/env.js";
import type { Database, Queryable } from "../../db/client.js";
import { orders, type OrderRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";
import { orderTotalCents } from "../../lib/money.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../payments/payments.schemas.js";
import { lockForOrders, takeStock } from "../tools/tools.repository.js";

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

export type PlaceOutcome =
  | { kind: "placed"; row: OrderRow }
  | { kind: "refused"; reason: "no_tool" | "below_moq" | "above_aq" | "too_many_unpaid" }
  /** The total a card could not be charged: below the provider's minimum or above its maximum. */
  | { kind: "refused"; reason: "total_too_small" | "total_too_large"; totalCents: number }
  /** The buyer placed an order with this Idempotency-Key before. */
  | { kind: "key_used" };

const keyOf = (userId: string, idempotencyKey: string) => `${userId}\n${idempotencyKey}`;

/** Which of the batch's (buyer, Idempotency-Key) pairs already name an order, of any tool. */
async function usedKeys(tx: Queryable, batch: NewOrder[]): Promise<Set<string>> {
  const keyed = batch.filter((order) => order.idempotencyKey !== null);
  if (keyed.length === 0) return new Set();
  const pairs = keyed.map((order) => sql`(${order.buyer.id}::uuid, ${order.idempotencyKey}::text)`);
  const rows = await tx
    .select({ userId: orders.userId, idempotencyKey: orders.idempotencyKey })
    .from(orders)
    .where(sql`(${orders.userId}, ${orders.idempotencyKey}) in (${sql.join(pairs, sql`, `)})`);
  return new Set(rows.map((row) => keyOf(row.userId, row.idempotencyKey!)));
}

// Any fixed number: the first key of the buyers' advisory locks, the second being the buyer's.
const BUYER_PLACING_LOCK = 7_240_160;

/**
 * Locks each buyer for the rest of the transaction and counts the unpaid orders they hold. Every
 * placement takes the tool's lock first and then its buyers' in one fixed order, so two batches
 * never wait on each other in a circle; a buyer's orders for other tools, placed at the same moment
 * in other batches and instances, wait here until this one is committed, and are counted then.
 */
async function lockBuyersAndCountUnpaid(tx: Queryable, buyerIds: string[]): Promise<Map<string, number>> {
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
 * Places a batch of orders for one tool in one transaction: the tool's row is locked once, each
 * order is checked in turn against the stock the earlier ones left (and its buyer's unpaid orders
 * against the most one may hold), the accepted ones are inserted together and their units taken in
 * one update. One outcome per order, in order.
 */
export async function placeOrders(db: Database, toolId: string, batch: NewOrder[], rules: OrderRules = DEFAULT_ORDER_RULES): Promise<PlaceOutcome[]> {
  if (!isUuid(toolId)) return batch.map(() => ({ kind: "refused", reason: "no_tool" }));
  return db.transaction(async (tx) => {
    const tool = await lockForOrders(tx, toolId);
    if (!tool) return batch.map(() => ({ kind: "refused", reason: "no_tool" }));
    // A key used before, or twice in this batch, answers with the first order: it is no new order,
    // so it takes nothing from the stock the others are checked against.
    const used = await usedKeys(tx, batch);
    const unpaid = rules.maxUnpaid > 0 ? await lockBuyersAndCountUnpaid(tx, batch.map((order) => order.buyer.id)) : null;
    let left = tool.aq;
    const accepted: (typeof orders.$inferInsert & { id: string })[] = [];
    const checked = batch.map((order): PlaceOutcome | { kind: "accepted"; id: string } => {
      if (order.idempotencyKey !== null) {
        const key = keyOf(order.buyer.id, order.idempotencyKey);
        if (used.has(key)) return { kind: "key_used" };
        used.add(key);
      }
      if (order.quantity < tool.moq) return { kind: "refused", reason: "below_moq" };
      if (order.quantity > left) return { kind: "refused", reason: "above_aq" };
      const totalCents = orderTotalCents(tool.priceCents, order.quantity);
      if (totalCents < MINIMUM_CHARGE_CENTS) return { kind: "refused", reason: "total_too_small", totalCents };
      if (totalCents > MAXIMUM_CHARGE_CENTS) return { kind: "refused", reason: "total_too_large", totalCents };
      if (unpaid) {
        const held = unpaid.get(order.buyer.id) ?? 0;
        if (held >= rules.maxUnpaid) return { kind: "refused", reason: "too_many_unpaid" };
        unpaid.set(order.buyer.id, held + 1);
      }
      left -= order.quantity;
      // The id is chosen here so each inserted row can be matched to its order.
      const id = randomUUID();
      accepted.push({
        id,
        toolId: tool.id,
        toolName: tool.name,
        userId: order.buyer.id,
        userName: order.buyer.name,
        userEmail: order.buyer.email,
        userPhone: order.userPhone,
        userAddress: order.userAddress,
        quantity: order.quantity,
        totalCents,
        idempotencyKey: order.idempotencyKey,
      });
      return { kind: "accepted", id };
    });
    if (accepted.length === 0) return checked as PlaceOutcome[];
    // A key another instance's batch is inserting right now waits for it, then inserts nothing.
    // The hold counts on the database's clock, as created_at does; the release job compares it with now().
    const releasesAt = sql`now() + ${rules.holdMinutes}::double precision * interval '1 minute'`;
    const inserted = await tx
      .insert(orders)
      .values(accepted.map((row) => ({ ...row, releasesAt })))
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
    const taken = inserted.reduce((sum, row) => sum + row.quantity, 0);
    if (taken > 0) await takeStock(tx, tool.id, taken);
    const byId = new Map(inserted.map((row) => [row.id, row]));
    return checked.map((outcome): PlaceOutcome => {
      if (outcome.kind !== "accepted") return outcome;
      const row = byId.get(outcome.id);
      return row ? { kind: "placed", row } : { kind: "key_used" };
    });
  });
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
