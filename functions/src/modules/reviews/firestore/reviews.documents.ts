import type { Timestamp } from "firebase-admin/firestore";
import type { ReviewRecord, ShownReview } from "../reviews.store.js";
export { documentId } from "../../../firestore/document-id.js";

export const REVIEWS = "reviews";
export const REVIEW_AUTHORS = "reviewAuthors";

/**
 * `reviews/{reviewId}`: a review, named by a UUID. Anyone may read a shown one, so it holds only what
 * the shop shows of it and what the home page filters by; its author's account is in `reviewAuthors`.
 */
export interface ReviewDocument {
  userName: string;
  rating: number;
  review: string;
  createdAt: Timestamp;
  removedAt: Timestamp | null;
  authorRemoved: boolean;
  /** Neither taken down nor by a removed author: the one field the home page and the rules ask. */
  shown: boolean;
}

/** `reviewAuthors/{reviewId}`: whose the review of the same id is, which only the server reads. */
export interface ReviewAuthorDocument {
  /** The author's account id (`users/{accountId}`); null for a review written without one. */
  authorId: string | null;
}

export const toShownReview = (id: string, data: ReviewDocument): ShownReview => ({
  id,
  userName: data.userName,
  rating: data.rating,
  review: data.review,
  createdAt: data.createdAt.toDate(),
  removedAt: data.removedAt?.toDate() ?? null,
  authorRemoved: data.authorRemoved,
});

/** A review with its author; a review whose author document is missing has none. */
export const toReviewRecord = (id: string, data: ReviewDocument, author: ReviewAuthorDocument | undefined): ReviewRecord => ({
  ...toShownReview(id, data),
  userId: author?.authorId ?? null,
});
