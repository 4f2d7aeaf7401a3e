import { and, asc, countDistinct, desc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { isDatabaseUnavailable } from "../../../db/adapters/pg-errors.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import { isUuid } from "../../../lib/ids.js";
import { likePattern } from "../../../lib/page-cursor.js";
import type { OrdersStore } from "../orders.store.js";
import { checkouts, orders } from "./orders.tables.js";

const live = ne(orders.status, "cancelled");

// Any fixed number: the first key of the buyers' advisory locks, the second being the buyer's.
const BUYER_PLACING_LOCK = 7_240_160;

const ORDER_NUMBER = /^[0-9a-f]{8}$/;

/** Rows in the order of the ids asked for. */
const inOrderOf = <T extends { id: string }>(ids: string[], rows: T[]): T[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/**
 * The orders in PostgreSQL, on the database's clock (`now()`). Ids are uuids here, and a value that
 * is not one is answered as a missing order before it reaches a query, where casting it would fail.
 */
export function postgresOrdersStore(db: Database): OrdersStore {
  /**
   * One statement; `created_at` and the hold are both `now()`, the transaction's start, which the
   * release job compares the hold with. `on conflict do nothing` on `orders_user_idempotency_key`:
   * a key another transaction is inserting waits for it, then inserts nothing.
   */
  const insertOrders: OrdersStore["insertOrders"] = (tx, accepted) => {
    if (accepted.length === 0) return Promise.resolve([]);
    return inPostgres(tx)
      .insert(orders)
      .values(accepted.map(({ holdMinutes, ...row }) => ({ ...row, releasesAt: sql`now() + ${holdMinutes}::double precision * interval '1 minute'` })))
      .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
      .returning();
  };

  return {
    async findLive(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(orders).where(and(eq(orders.id, id), live));
      return row ?? null;
    },

    /** `for update` on the order's row, held to the end of the transaction. */
    async lockLive(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx)
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), live))
        .for("update");
      return row ?? null;
    },

    /** `orders_user_idempotency_key`. */
    async findByIdempotencyKey(userId, key) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
      return row ?? null;
    },

    async findUsedKeys(tx, keys) {
      if (keys.length === 0) return [];
      const values = keys.map(({ buyerId, idempotencyKey }) => sql`(${buyerId}::uuid, ${idempotencyKey}::text)`);
      const rows = await inPostgres(tx)
        .select({ buyerId: orders.userId, idempotencyKey: orders.idempotencyKey })
        .from(orders)
        .where(sql`(${orders.userId}, ${orders.idempotencyKey}) in (${sql.join(values, sql`, `)})`);
      return rows.map((row) => ({ buyerId: row.buyerId, idempotencyKey: row.idempotencyKey! }));
    },

    /**
     * Transaction-scoped advisory locks, taken in the order of their keys. An advisory lock rather
     * than the user's row: an admin holding that row through a call to Firebase must not stall
     * every order for the tool. The count walks `orders_unpaid_by_user_idx`.
     */
    async lockBuyersAndCountUnpaid(tx, buyerIds) {
      const ids = [...new Set(buyerIds)];
      const values = sql.join(
        ids.map((id) => sql`(${id}::text)`),
        sql`, `,
      );
      await inPostgres(tx).execute(sql`
        select count(pg_advisory_xact_lock(${BUYER_PLACING_LOCK}, lock_key))
        from (select distinct hashtext(id) as lock_key from (values ${values}) as buyer(id) order by lock_key) as keys`);
      // A checkout's orders are one hold: counted once, by the checkout's id.
      const rows = await inPostgres(tx)
        .select({ userId: orders.userId, unpaid: countDistinct(sql`coalesce(${orders.checkoutId}, ${orders.id})`) })
        .from(orders)
        .where(and(eq(orders.status, "unpaid"), inArray(orders.userId, ids)))
        .groupBy(orders.userId);
      return new Map(rows.map((row) => [row.userId, row.unpaid]));
    },

    /** A range of `orders_cooling_idx` per buyer. */
    async findCoolingDown(tx, toolId, buyerIds, holdMinutes) {
      const period = sql`${holdMinutes}::double precision * interval '1 minute'`;
      const rows = await inPostgres(tx)
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
    },

    insertOrders,

    /**
     * The checkout first, then its orders, in one transaction's two statements. The checkout's
     * `checkouts_user_idempotency_key` makes a key another transaction is inserting wait for it, then
     * insert nothing, and then neither are the orders.
     */
    async insertCheckout(tx, checkout, accepted) {
      const [inserted] = await inPostgres(tx).insert(checkouts).values(checkout).onConflictDoNothing({ target: [checkouts.userId, checkouts.idempotencyKey] }).returning();
      if (!inserted) return null;
      const rows = await insertOrders(tx, accepted);
      return { checkout: inserted, orders: inOrderOf(checkout.orderIds, rows) };
    },

    async findCheckout(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(checkouts).where(eq(checkouts.id, id));
      return row ?? null;
    },

    /** `for update` on the checkout's row, held to the end of the transaction. */
    async lockCheckout(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx).select().from(checkouts).where(eq(checkouts.id, id)).for("update");
      return row ?? null;
    },

    /** `checkouts_user_idempotency_key`. */
    async findCheckoutByIdempotencyKey(userId, key) {
      if (!isUuid(userId)) return null;
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.userId, userId), eq(checkouts.idempotencyKey, key)));
      return row ?? null;
    },

    async findOrders(ids) {
      const named = ids.filter(isUuid);
      if (named.length === 0) return [];
      return inOrderOf(named, await db.select().from(orders).where(inArray(orders.id, named)));
    },

    /** `for update` on each row, taken in id order so two changes never wait on each other in a circle. */
    async lockOrders(tx, ids) {
      const named = ids.filter(isUuid);
      if (named.length === 0) return [];
      const rows = await inPostgres(tx).select().from(orders).where(inArray(orders.id, named)).orderBy(asc(orders.id)).for("update");
      return inOrderOf(named, rows);
    },

    /** One statement that changes every order or, when one is not unpaid, none. */
    async markCheckoutPaid(tx, checkoutId, transactionId, cardLast4) {
      const rows = await inPostgres(tx)
        .update(orders)
        .set({ status: "paid", paidAt: sql`now()`, transactionId, cardLast4 })
        .where(
          and(
            eq(orders.checkoutId, checkoutId),
            sql`not exists (select 1 from ${orders} other where other.checkout_id = ${checkoutId} and other.status <> 'unpaid')`,
          ),
        )
        .returning();
      return rows.length > 0 ? rows : null;
    },

    markCheckoutCancelled(tx, checkoutId, by) {
      return inPostgres(tx)
        .update(orders)
        .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: by })
        .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "unpaid")))
        .returning();
    },

    /** `orders_live_by_email_idx`. */
    listLiveByEmail(email) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.userEmail, email.trim().toLowerCase()), live))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /**
     * Each filter walks an index: a status its own (orders_status_listed_idx), every live order the
     * listing (orders_listed_idx), and a search the trigram index over the buyer's email and name
     * and the tool's name (orders_search_idx), or the primary key for an order number.
     */
    listForAdmin({ status, q, afterId, limit }) {
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
    },

    /** A walk of `orders_listed_idx` that stops at `limit`. */
    listLive(limit) {
      return db.select().from(orders).where(live).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
    },

    /**
     * Each figure one subquery on its own index, in one round trip: the takings read
     * `orders_paid_at_idx` alone, the orders awaiting shipment `orders_status_listed_idx`.
     */
    async figures(since) {
      const revenueSince = (start: Date) => sql`(
        select coalesce(sum(${orders.totalCents}), 0)::bigint from ${orders}
        where ${orders.paidAt} is not null and ${orders.paidAt} >= ${start.toISOString()}::timestamptz and ${orders.status} in ('paid', 'shipped'))`;
      const result = await db.execute<{ today: string; week: string; awaiting: number }>(sql`
        select ${revenueSince(since.today)} as today, ${revenueSince(since.week)} as week,
          (select count(*)::int from ${orders} where ${orders.status} = 'paid') as awaiting`);
      const row = result.rows[0]!;
      return { revenueTodayCents: Number(row.today), revenueWeekCents: Number(row.week), awaitingShipment: row.awaiting };
    },

    async markCancelled(tx, id, by) {
      await inPostgres(tx)
        .update(orders)
        .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: by })
        .where(eq(orders.id, id));
    },

    /** A transaction takes hundreds of rows in stride. */
    releaseBatch: 500,

    /**
     * Checkouts first, whole: each checkout whose hold is over is locked as every change to a
     * checkout's orders locks it (the checkout, then its orders), passing over one a payment or a
     * cancellation holds, and all its unpaid orders are cancelled. Then orders placed on their own,
     * in one statement whose SKIP LOCKED passes over the rows a payment or a cancellation holds.
     */
    async cancelUnpaidPastHold(tx, limit) {
      const due = await inPostgres(tx).execute<{ id: string }>(sql`
        select ${checkouts.id} as id from ${checkouts}
        where ${checkouts.id} in (
          select ${orders.checkoutId} from ${orders}
          where ${orders.status} = 'unpaid' and ${orders.releasesAt} <= now() and ${orders.checkoutId} is not null
          limit ${limit})
        order by ${checkouts.id}
        for update skip locked`);
      const checkoutIds = due.rows.map((row) => row.id);
      const ofCheckouts =
        checkoutIds.length === 0
          ? []
          : await inPostgres(tx)
              .update(orders)
              .set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: "hold" })
              .where(and(inArray(orders.checkoutId, checkoutIds), eq(orders.status, "unpaid")))
              .returning();
      const expired = inPostgres(tx)
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "unpaid"), lte(orders.releasesAt, sql`now()`), isNull(orders.checkoutId)))
        .orderBy(orders.createdAt)
        .limit(Math.max(0, limit - ofCheckouts.length))
        .for("update", { skipLocked: true });
      const alone = ofCheckouts.length >= limit ? [] : await inPostgres(tx).update(orders).set({ status: "cancelled", cancelledAt: sql`now()`, cancelledBy: "hold" }).where(inArray(orders.id, expired)).returning();
      return [...ofCheckouts, ...alone];
    },

    /** One statement: the second of two waits for the first's row lock, then finds the order shipped. */
    async markShipped(tx, id, details) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx)
        .update(orders)
        .set({ status: "shipped", shippedAt: sql`now()`, shippingCarrier: details.carrier, trackingNumber: details.trackingNumber })
        .where(and(eq(orders.id, id), eq(orders.status, "paid")))
        .returning();
      return row ?? null;
    },

    /** `for update` on the order's row, held to the end of the transaction. */
    async lockForPayment(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx).select().from(orders).where(eq(orders.id, id)).for("update");
      return row ?? null;
    },

    /** One statement: the second of two waits for the first's row lock, then finds the order paid. */
    async markPaid(tx, id, transactionId, cardLast4) {
      const [row] = await inPostgres(tx)
        .update(orders)
        .set({ status: "paid", paidAt: sql`now()`, transactionId, cardLast4 })
        .where(and(eq(orders.id, id), eq(orders.status, "unpaid")))
        .returning();
      return row ?? null;
    },

    async recordCard(tx, id, transactionId, cardLast4) {
      const [row] = await inPostgres(tx)
        .update(orders)
        .set({ cardLast4 })
        .where(and(eq(orders.id, id), eq(orders.transactionId, transactionId), isNull(orders.cardLast4)))
        .returning({ userEmail: orders.userEmail });
      return row ?? null;
    },

    /** One statement, as markPaid. */
    async markRefunded(tx, id) {
      const [row] = await inPostgres(tx)
        .update(orders)
        .set({ status: "refunded", refundedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, "paid")))
        .returning();
      return row ?? null;
    },

    async moveBuyerToEmail(tx, userId, email) {
      // Checkouts first: every change to a checkout's orders locks the checkout, then its orders.
      await inPostgres(tx).update(checkouts).set({ userEmail: email }).where(eq(checkouts.userId, userId));
      await inPostgres(tx).update(orders).set({ userEmail: email }).where(eq(orders.userId, userId));
    },

    isUnavailable: isDatabaseUnavailable,
  };
}
