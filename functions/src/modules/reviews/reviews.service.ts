import type { RunChange, Tx } from "../../lib/change.js";
import type { Principal } from "../../lib/auth.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { AuditService } from "../audit/audit.service.js";
import type { AddReviewBody, Review } from "./reviews.schemas.js";
import type { ReviewsStore, ShownReview } from "./reviews.store.js";

const toReview = (row: ShownReview): Review => ({
  _id: row.id,
  rating: row.rating,
  review: row.review,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

/** The customers' reviews of the shop, shown on its home page, and the admins' removals of them. */
export interface ReviewsService {
  /** The newest reviews shown; older, removed ones and those of removed accounts stay stored. */
  list(limit: number): Promise<Review[]>;
  /** A buyer reviews the shop, under their own name. */
  add(principal: Principal, body: AddReviewBody): Promise<Review>;
  /** An admin takes a review off the shop; it stays stored, and the removal is audited. */
  remove(principal: Principal, id: string): Promise<void>;
  /** An account is being removed: its reviews are no longer shown, from the removal's commit on. */
  authorRemoved(tx: Tx, userId: string): Promise<void>;
}

export interface ReviewsServiceDependencies {
  store: ReviewsStore;
  change: RunChange;
  audit: Pick<AuditService, "record">;
}

export function createReviewsService({ store, change, audit }: ReviewsServiceDependencies): ReviewsService {
  return {
    list: async (limit) => (await store.shown(limit)).map(toReview),

    async add(principal, { rating, review }) {
      // Reviews are the customers' voice; the shop's own staff do not review it.
      if (principal.role === "admin") throw forbidden("Admins cannot review the shop.");
      return toReview(await store.insert({ userId: principal.id, userName: principal.name, rating, review }));
    },

    /**
     * Its row stays for the record, and the audit entry carries its author, rating and text, so the
     * log alone says what was taken down and whose it was.
     */
    async remove(principal, id) {
      const reviewId = canonicalId(id);
      if (!reviewId) throw notFound("Review");
      await change(async ({ tx }) => {
        const row = await store.markRemoved(tx, reviewId);
        if (!row) throw notFound("Review");
        await audit.record(tx, {
          actor: principal,
          action: "review.removed",
          target: { type: "review", id: row.id },
          details: { author: row.userName, authorId: row.userId, rating: row.rating, review: row.review },
        });
      });
    },

    authorRemoved: (tx, userId) => store.hideAuthor(tx, userId),
  };
}
