import type { Timestamp } from "firebase-admin/firestore";
import type { ReviewRecord } from "../reviews.store.js";
export { documentId } from "../../../firestore/document-id.js";

export const REVIEWS = "reviews";

/** `reviews/{reviewId}`: a review, named by a UUID. */
export interface ReviewDocument {
  /** The author's account id (`users/{accountId}`); null for a review written without one. */
  authorId: string | null;
  userName: string;
  rating: number;
  review: string;
  createdAt: Timestamp;
  removedAt: Timestamp | null;
  /** The admin who took it down from their own client; the API's take-downs name theirs in the audit log. */
  removedBy: string | null;
  authorRemoved: boolean;
  /** Neither taken down nor by a removed author: the one field the home page and the rules ask. */
  shown: boolean;
}

export const toReviewRecord = (id: string, data: ReviewDocument): ReviewRecord => ({
  id,
  userId: data.authorId,
  userName: data.userName,
  rating: data.rating,
  review: data.review,
  createdAt: data.createdAt.toDate(),
  removedAt: data.removedAt?.toDate() ?? null,
  authorRemoved: data.authorRemoved,
});

