import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import type { PaymentsStore } from "../payments.store.js";
import { paymentEvents, payments } from "./payments.tables.js";

/** The payments in PostgreSQL. */
export function postgresPaymentsStore(db: Database): PaymentsStore {
  return {
    async latestAttempt(orderId) {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.attempt)).limit(1);
      return row ?? null;
    },

    /** `payments_order_attempt_key` and `payments_intent_key` turn a second recording into nothing. */
    async recordAttempt(payment) {
      await db.insert(payments).values(payment).onConflictDoNothing();
    },

    async lockByIntent(tx, intentId) {
      const [row] = await inPostgres(tx).select().from(payments).where(eq(payments.intentId, intentId)).for("update");
      return row ?? null;
    },

    async lockSucceededForOrder(tx, orderId) {
      const [row] = await inPostgres(tx)
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")))
        .for("update");
      return row ?? null;
    },

    async setStatus(tx, id, status, lastError) {
      await inPostgres(tx).update(payments).set({ status, lastError, updatedAt: sql`now()` }).where(eq(payments.id, id));
    },

    async markSucceeded(tx, id, cardLast4) {
      await inPostgres(tx).update(payments).set({ status: "succeeded", lastError: null, cardLast4, updatedAt: sql`now()` }).where(eq(payments.id, id));
    },

    /** One statement: the second of two waits for the first's row lock, then finds the card set. */
    async recordCard(tx, intentId, cardLast4) {
      const [row] = await inPostgres(tx)
        .update(payments)
        .set({ cardLast4 })
        .where(and(eq(payments.intentId, intentId), eq(payments.status, "succeeded"), isNull(payments.cardLast4)))
        .returning();
      return row ?? null;
    },

    async markRefunded(intentId) {
      await db
        .update(payments)
        .set({ status: "refunded", updatedAt: sql`now()` })
        .where(and(eq(payments.intentId, intentId), eq(payments.status, "refund_due")));
    },

    dueRefunds({ provider, olderThanMinutes }) {
      return db
        .select({ intentId: payments.intentId })
        .from(payments)
        .where(
          and(
            eq(payments.status, "refund_due"),
            eq(payments.provider, provider),
            lt(payments.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
          ),
        )
        .orderBy(asc(payments.updatedAt), asc(payments.id));
    },

    /** The primary key: a second insert of one id waits for the first's transaction, then inserts nothing. */
    async claimEvent(tx, id, type) {
      const rows = await inPostgres(tx).insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
      return rows.length === 1;
    },

    async releaseEvent(id) {
      await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
    },
  };
}
