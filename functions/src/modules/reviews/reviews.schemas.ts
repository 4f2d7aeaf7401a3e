import { z } from "zod";
import { pageLimit, text } from "../common.schemas.js";

/** The longest review text stored, in characters. */
export const REVIEW_MAX_LENGTH = 1000;
/** The contract's POST /reviews (docs/product.md §8.2) sends a name along; it is bounded, then ignored. */
const SENT_NAME_MAX_LENGTH = 200;

export const review = z.object({
  _id: z.string(),
  rating: z.number().int(),
  review: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const addReviewBody = z.strictObject({
  rating: z.number().int("Must be a whole number").min(1, "Must be from 1 to 5").max(5, "Must be from 1 to 5"),
  review: text(REVIEW_MAX_LENGTH),
  // Sent by the contract's client (docs/product.md §8.2); the name shown is the signed-in user's.
  userName: z.string().max(SENT_NAME_MAX_LENGTH).optional(),
});
export type AddReviewBody = z.infer<typeof addReviewBody>;

/** The most reviews one answer holds; the home page asks for fewer. */
export const REVIEWS_MAX = 100;

/** Other query parameters are ignored, as they were before `limit` existed. */
export const listReviewsQuery = z.looseObject({
  limit: pageLimit(REVIEWS_MAX),
});
