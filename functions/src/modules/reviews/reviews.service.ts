import type { Database } from "../../db/client.js";
import type { ReviewRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { AuditService } from "../audit/audit.service.js";
import * as repository from "./reviews.repository.js";
import type { AddReviewBody, Review } from "./reviews.schemas.js";

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  rating: row.rating,
  review: row.review,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

export interface ReviewsServiceDependencies {
  audit: Pick<AuditService, "record">;
}

export function createReviewsService(db: Database, { audit }: ReviewsServiceDependencies) {
  return {
    /** The newest reviews shown; older, removed ones and those of removed accounts stay stored. */
    async list(limit: number): Promise<Review[]> {
      return (await repository.listShownReviews(db, limit)).map(toReview);
    },

    async add(principal: Principal, { rating, review }: AddReviewBody): Promise<Review> {
      // Reviews are the customers' voice; the shop's own staff do not review it.
      if (principal.role === "admin") throw forbidden("Admins cannot review the shop.");
      return toReview(await repository.insertReview(db, { userId: principal.id, userName: principal.name, rating, review }));
    },

    /**
     * Takes a review off the shop. Its row stays for the record, and the audit entry carries its
     * author, rating and text, so the log alone says what was taken down and whose it was.
     */
    async remove(principal: Principal, id: string): Promise<void> {
      const reviewId = canonicalId(id);
      if (!reviewId) throw notFound("Review");
      await db.transaction(async (tx) => {
        const row = await repository.markRemoved(tx, reviewId);
        if (!row) throw notFound("Review");
        await audit.record(tx, {
          actor: principal,
          action: "review.removed",
          target: { type: "review", id: row.id },
          details: { author: row.userName, authorId: row.userId, rating: row.rating, review: row.review },
        });
      });
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
