import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import type { ReviewsStore } from "../reviews.store.js";
import { reviews } from "./reviews.tables.js";

/** The reviews in PostgreSQL. */
export function postgresReviewsStore(db: Database): ReviewsStore {
  return {
    /**
     * `reviews_shown_idx`, read backwards from the review the walk starts after. The key of that
     * review is read in SQL from its own row, at full precision.
     */
    notTakenDown({ afterId, limit }) {
      const after = afterId
        ? sql`(${reviews.createdAt}, ${reviews.id}) < (select last_read.created_at, last_read.id from ${reviews} as last_read where last_read.id = ${afterId})`
        : undefined;
      return db
        .select()
        .from(reviews)
        .where(and(isNull(reviews.removedAt), after))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    async insert(review) {
      const [row] = await db.insert(reviews).values(review).returning();
      return row!;
    },

    /** One statement: the second of two removals waits for the first's row lock, then finds it removed. */
    async markRemoved(tx, id) {
      const [row] = await inPostgres(tx)
        .update(reviews)
        .set({ removedAt: sql`now()` })
        .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
        .returning();
      return row ?? null;
    },
  };
}
