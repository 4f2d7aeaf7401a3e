import { and, desc, eq, ne, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "../../db/client.js";
import { orders, type OrderRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";
import { orderTotalCents } from "../../lib/money.js";
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
  | { kind: "refused"; reason: "no_tool" | "below_moq" | "above_aq" }
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

/**
 * Places a batch of orders for one tool in one transaction: the tool's row is locked once, each
 * order is checked in turn against the stock the earlier ones left, the accepted ones are inserted
 * together and their units taken in one update. One outcome per order, in order.
 */
export async function placeOrders(db: Database, toolId: string, batch: NewOrder[]): Promise<PlaceOutcome[]> {
  if (!isUuid(toolId)) return batch.map(() => ({ kind: "refused", reason: "no_tool" }));
  return db.transaction(async (tx) => {
    const tool = await lockForOrders(tx, toolId);
    if (!tool) return batch.map(() => ({ kind: "refused", reason: "no_tool" }));
    // A key used before, or twice in this batch, answers with the first order: it is no new order,
    // so it takes nothing from the stock the others are checked against.
    const used = await usedKeys(tx, batch);
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
        totalCents: orderTotalCents(tool.priceCents, order.quantity),
        idempotencyKey: order.idempotencyKey,
      });
      return { kind: "accepted", id };
    });
    if (accepted.length === 0) return checked as PlaceOutcome[];
    // A key another instance's batch is inserting right now waits for it, then inserts nothing.
    const inserted = await tx
      .insert(orders)
      .values(accepted)
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
