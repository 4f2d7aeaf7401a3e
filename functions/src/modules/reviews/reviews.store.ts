import type { Tx } from "../../lib/change.js";

/** A review as the store keeps it. */
export interface ReviewRecord {
  id: string;
  /** The author's account; null for a review written without one (the demo's). */
  userId: string | null;
  userName: string;
  rating: number;
  review: string;
  createdAt: Date;
  /** When an admin took the review down; it is kept for the audit log's sake and no longer shown. */
  removedAt: Date | null;
  /** Whether an admin removed the author's account since; the review is kept and no longer shown. */
  authorRemoved: boolean;
}

/**
 * A review as the home page lists it, without its author's account: the page does not show it, and a
 * store may keep it apart from what anyone can read.
 */
export type ShownReview = Omit<ReviewRecord, "userId">;

/** A review as it is written: now, or at a given time, as the demo shop's were before it opened. */
export type NewReview = Pick<ReviewRecord, "userId" | "userName" | "rating" | "review"> & { createdAt?: Date };

/** Where the reviews are kept: the module's port, one implementation per store. */
export interface ReviewsStore {
  /**
   * The newest reviews shown (neither taken down nor by a removed author), at most `limit`. Reviews
   * written at the same moment keep one order (by id).
   */
  shown(limit: number): Promise<ShownReview[]>;
  insert(review: NewReview): Promise<ReviewRecord>;
  /**
   * Takes a review down, or returns null when there is no such review (an id that cannot name one in
   * this store included) or it is down already. Of two admins removing the same review at once, the
   * second finds it removed and gets null.
   */
  markRemoved(tx: Tx, id: string): Promise<ReviewRecord | null>;
  /** Hides every review of an account being removed, in the removal's change. */
  hideAuthor(tx: Tx, userId: string): Promise<void>;
}
