import { and, asc, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { paymentEvents, payments, type PaymentRow } from "./payments.tables.js";

export async function latestForOrder(db: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.attempt)).limit(1);
  return row ?? null;
}

export async function findByIntent(db: Queryable, intentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.intentId, intentId)).for("update");
  return row ?? null;
}

/** Records the attempt; a concurrent request that created the same intent finds it recorded. */
export async function recordAttempt(db: Queryable, values: typeof payments.$inferInsert): Promise<void> {
  await db.insert(payments).values(values).onConflictDoNothing();
}

export async function setStatus(db: Queryable, id: string, status: PaymentRow["status"], lastError: string | null = null): Promise<void> {
  await db.update(payments).set({ status, lastError, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/** The payment that paid its order, with the card's last four digits when the provider gave them. */
export async function markSucceeded(db: Queryable, id: string, cardLast4: string | null): Promise<void> {
  await db.update(payments).set({ status: "succeeded", lastError: null, cardLast4, updatedAt: sql`now()` }).where(eq(payments.id, id));
}

/** The card of a payment that succeeded before the provider said which card it was; set once. */
export async function recordCard(db: Queryable, intentId: string, cardLast4: string): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ cardLast4 })
    .where(and(eq(payments.intentId, intentId), eq(payments.status, "succeeded"), isNull(payments.cardLast4)))
    .returning();
  return row ?? null;
}

/** Only a due refund becomes refunded: whatever else the payment became is not the refund's to change. */
export async function markRefunded(db: Queryable, intentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: "refunded", updatedAt: sql`now()` })
    .where(and(eq(payments.intentId, intentId), eq(payments.status, "refund_due")));
}

/** Payments still owed back to their buyer, oldest first, that became due before the grace period. */
export async function dueRefunds(
  db: Queryable,
  { provider, olderThanMinutes }: { provider: PaymentRow["provider"]; olderThanMinutes: number },
): Promise<Pick<PaymentRow, "intentId">[]> {
  return db
    .select({ intentId: payments.intentId })
    .from(payments)
    .where(
      and(
        eq(payments.status, "refund_due"),
        // Only the provider that holds the money can give it back; another's intents are not its to refund.
        eq(payments.provider, provider),
        lt(payments.updatedAt, sql`now() - make_interval(mins => ${olderThanMinutes}::int)`),
      ),
    )
    .orderBy(asc(payments.updatedAt), asc(payments.id));
}

/** The payment that paid the order, locked for the refund that gives it back. */
export async function succeededForOrder(db: Queryable, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")))
    .for("update");
  return row ?? null;
}

/** True the first time an event id is seen; a redelivery gets false. */
export async function claimEvent(db: Queryable, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length === 1;
}

/** Forgets an event whose handling could not finish, so the provider's redelivery is handled afresh. */
export async function releaseEvent(db: Queryable, id: string): Promise<void> {
  await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
}
