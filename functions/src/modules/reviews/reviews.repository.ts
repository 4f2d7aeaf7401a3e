import { desc } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { reviews, type ReviewRow } from "../../db/schema.js";

export function listReviews(db: Queryable, limit: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
}

export async function insertReview(db: Queryable, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}
