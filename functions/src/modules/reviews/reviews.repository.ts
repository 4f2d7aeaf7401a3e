import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { reviews, type ReviewRow } from "./reviews.tables.js";

/**
 * Reviews no admin took down, newest first, at most `limit`, starting after the review `afterId`
 * when one is given: `reviews_shown_idx`, read backwards from there. The order ends in the id, so
 * reviews written in the same microsecond keep one order, and the key of the review the walk starts
 * after is read in SQL from its own row, at full precision.
 */
export function reviewsNotTakenDown(db: Queryable, { afterId, limit }: { afterId: string | null; limit: number }): Promise<ReviewRow[]> {
  const after = afterId
    ? sql`(${reviews.createdAt}, ${reviews.id}) < (select last_read.created_at, last_read.id from ${reviews} as last_read where last_read.id = ${afterId})`
    : undefined;
  return db
    .select()
    .from(reviews)
    .where(and(isNull(reviews.removedAt), after))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export async function insertReview(db: Queryable, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/**
 * Takes a review down, or returns null when there is no such review or it is down already. One
 * statement: of two admins removing the same review at once, the second waits for the first's row
 * lock, finds it removed, and gets null.
 */
export async function markRemoved(tx: Queryable, id: string): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(reviews)
    .set({ removedAt: sql`now()` })
    .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
    .returning();
  return row ?? null;
}
