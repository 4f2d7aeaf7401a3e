import { and, desc, eq, isNull, not, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import { isUuid } from "../../../lib/ids.js";
import type { ReviewsStore } from "../reviews.store.js";
import { reviews } from "./reviews.tables.js";

/** The reviews in PostgreSQL. */
export function postgresReviewsStore(db: Database): ReviewsStore {
  return {
    /** `reviews_shown_idx`, read backwards: the newest shown reviews, and only those. */
    shown(limit) {
      return db
        .select()
        .from(reviews)
        .where(and(isNull(reviews.removedAt), not(reviews.authorRemoved)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    async insert(review) {
      const [row] = await db.insert(reviews).values(review).returning();
      return row!;
    },

    /** One statement: the second of two removals waits for the first's row lock, then finds it removed. */
    async markRemoved(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx)
        .update(reviews)
        .set({ removedAt: sql`now()` })
        .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
        .returning();
      return row ?? null;
    },

    async hideAuthor(tx, userId) {
      await inPostgres(tx)
        .update(reviews)
        .set({ authorRemoved: true })
        .where(and(eq(reviews.userId, userId), not(reviews.authorRemoved)));
    },
  };
}
