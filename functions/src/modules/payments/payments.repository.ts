import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { paymentEvents, payments, type PaymentRow } from "../../db/schema.js";

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

export async function markRefunded(db: Queryable, intentId: string): Promise<void> {
  await db.update(payments).set({ status: "refunded", updatedAt: sql`now()` }).where(eq(payments.intentId, intentId));
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
