import type { Database } from "../../db/client.js";
import type { ReviewRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { forbidden } from "../../lib/errors.js";
import * as repository from "./reviews.repository.js";
import type { AddReviewBody, Review } from "./reviews.schemas.js";

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  rating: row.rating,
  review: row.review,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

export function createReviewsService(db: Database) {
  return {
    /** The newest reviews; older ones stay stored. */
    async list(limit: number): Promise<Review[]> {
      return (await repository.listReviews(db, limit)).map(toReview);
    },
    async add(principal: Principal, { rating, review }: AddReviewBody): Promise<Review> {
      // Reviews are the customers' voice; the shop's own staff do not review it.
      if (principal.role === "admin") throw forbidden("Admins cannot review the shop.");
      return toReview(await repository.insertReview(db, { userId: principal.id, userName: principal.name, rating, review }));
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
