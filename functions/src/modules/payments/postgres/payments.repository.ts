import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import type { Payable } from "../../orders/orders.service.js";
import type { NewPayment, PaymentRecord, PaymentsStore } from "../payments.store.js";
import { partialRefunds, paymentEvents, payments } from "./payments.tables.js";

type PaymentRow = typeof payments.$inferSelect;

/** A row as the port's record; `payments_pays_one` keeps exactly one of its payable's columns set. */
export function toPaymentRecord({ orderId, checkoutId, ...row }: PaymentRow): PaymentRecord {
  const payable: Payable = checkoutId === null ? { kind: "order", id: orderId! } : { kind: "checkout", id: checkoutId };
  return { ...row, payable };
}

const payableColumn = ({ kind }: Payable) => (kind === "order" ? payments.orderId : payments.checkoutId);

function toPaymentRow({ payable, ...payment }: NewPayment) {
  return { ...payment, orderId: payable.kind === "order" ? payable.id : null, checkoutId: payable.kind === "checkout" ? payable.id : null };
}

/** Due since more than the minutes given, on the database's clock. */
const dueBefore = (column: typeof payments.updatedAt | typeof partialRefunds.updatedAt, minutes: number) =>
  lt(column, sql`now() - make_interval(mins => ${minutes}::int)`);

/** The payments in PostgreSQL. */
export function postgresPaymentsStore(db: Database): PaymentsStore {
  return {
    async latestAttempt(payable) {
      const [row] = await db.select().from(payments).where(eq(payableColumn(payable), payable.id)).orderBy(desc(payments.attempt)).limit(1);
      return row ? toPaymentRecord(row) : null;
    },

    /** `payments_order_attempt_key`, `payments_checkout_attempt_key` and `payments_intent_key` turn a second recording into nothing. */
    async recordAttempt(payment) {
      await db.insert(payments).values(toPaymentRow(payment)).onConflictDoNothing();
    },

    async lockByIntent(tx, intentId) {
      const [row] = await inPostgres(tx).select().from(payments).where(eq(payments.intentId, intentId)).for("update");
      return row ? toPaymentRecord(row) : null;
    },

    async lockSucceededFor(tx, payable) {
      const [row] = await inPostgres(tx)
        .select()
        .from(payments)
        .where(and(eq(payableColumn(payable), payable.id), eq(payments.status, "succeeded")))
        .for("update");
      return row ? toPaymentRecord(row) : null;
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
      return row ? toPaymentRecord(row) : null;
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
        .where(and(eq(payments.status, "refund_due"), eq(payments.provider, provider), dueBefore(payments.updatedAt, olderThanMinutes)))
        .orderBy(asc(payments.updatedAt), asc(payments.id));
    },

    /** The primary key: the second of two inserts for one order waits for the first's transaction, then inserts nothing. */
    async recordPartialRefund(tx, refund) {
      const rows = await inPostgres(tx).insert(partialRefunds).values(refund).onConflictDoNothing().returning({ orderId: partialRefunds.orderId });
      return rows.length === 1;
    },

    async markPartialRefunded(orderId) {
      await db
        .update(partialRefunds)
        .set({ status: "refunded", updatedAt: sql`now()` })
        .where(and(eq(partialRefunds.orderId, orderId), eq(partialRefunds.status, "due")));
    },

    /** `partial_refunds_due_idx`. */
    duePartialRefunds({ provider, olderThanMinutes }) {
      return db
        .select()
        .from(partialRefunds)
        .where(and(eq(partialRefunds.status, "due"), eq(partialRefunds.provider, provider), dueBefore(partialRefunds.updatedAt, olderThanMinutes)))
        .orderBy(asc(partialRefunds.updatedAt), asc(partialRefunds.orderId));
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
