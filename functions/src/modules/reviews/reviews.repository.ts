import { and, desc, eq, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { reviews, type ReviewRow, users } from "../../db/schema.js";

/**
 * The newest reviews still shown: neither taken down by an admin nor written from an account that
 * was removed since. Newest first by `reviews_created_idx`, read backwards; each review's author is
 * one primary-key look-up, and the walk stops once `limit` reviews are found.
 */
export function listShownReviews(db: Queryable, limit: number): Promise<ReviewRow[]> {
  const authorRemoved = db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.id, reviews.userId), isNotNull(users.removedAt)));
  return db
    .select()
    .from(reviews)
    .where(and(isNull(reviews.removedAt), notExists(authorRemoved)))
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
