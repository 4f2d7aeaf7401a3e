import type { RunChange } from "../../lib/change.js";
import type { Principal } from "../../lib/auth.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { AuditService } from "../audit/audit.service.js";
import type { UsersService } from "../users/users.service.js";
import type { AddReviewBody, Review } from "./reviews.schemas.js";
import type { ReviewRecord, ReviewsStore } from "./reviews.store.js";
import { shownReviews } from "./shown-reviews.js";

const toReview = (row: ReviewRecord): Review => ({
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
}

export interface ReviewsServiceDependencies {
  store: ReviewsStore;
  change: RunChange;
  audit: Pick<AuditService, "record">;
  /** Reviews of removed accounts are not shown; the users module says which those are. */
  users: Pick<UsersService, "removedAmong">;
}

export function createReviewsService({ store, change, audit, users }: ReviewsServiceDependencies): ReviewsService {
  return {
    list: async (limit) => (await shownReviews(store, users, limit)).map(toReview),

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
  };
}
