import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client.js";
import { sandboxIntents, type SandboxIntentRow } from "./sandbox.tables.js";

export async function insertOrGetIntent(db: Queryable, values: typeof sandboxIntents.$inferInsert): Promise<SandboxIntentRow> {
  await db.insert(sandboxIntents).values(values).onConflictDoNothing({ target: sandboxIntents.idempotencyKey });
  const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.idempotencyKey, values.idempotencyKey));
  return row!;
}

export async function findIntent(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<SandboxIntentRow | null> {
  const query = db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

export async function updateIntent(
  db: Queryable,
  id: string,
  values: Partial<Pick<SandboxIntentRow, "status" | "cardLast4" | "lastError">>,
): Promise<SandboxIntentRow> {
  const [row] = await db.update(sandboxIntents).set(values).where(eq(sandboxIntents.id, id)).returning();
  return row!;
}

export async function markRefunded(db: Queryable, id: string): Promise<void> {
  await db
    .update(sandboxIntents)
    .set({ refundedAt: sql`coalesce(${sandboxIntents.refundedAt}, now())` })
    .where(eq(sandboxIntents.id, id));
}
