import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Timestamp } from "firebase-admin/firestore";
import { reviews } from "../../../src/db/schema.js";
import {
  REVIEW_AUTHORS,
  type ReviewAuthorDocument,
  type ReviewDocument,
  REVIEWS,
  toReviewRecord,
} from "../../../src/modules/reviews/firestore/reviews.documents.js";
import type { NewReview, ReviewRecord } from "../../../src/modules/reviews/reviews.store.js";
import type { TestApi } from "../test-app.js";

// Reviews as each store keeps them (docs/firestore.md § reviews and reviewAuthors), shown or not,
// with their authors, for the moderation tests: the port lists only the reviews shown, without their
// authors, and stamps a new one now.

/** The review as stored, taken down or not, with its author; null when there is none. */
export async function reviewById(api: TestApi, id: string): Promise<ReviewRecord | null> {
  if (api.storeKind === "firestore") {
    const [review, author] = await api.firestore.getAll(api.firestore.collection(REVIEWS).doc(id), api.firestore.collection(REVIEW_AUTHORS).doc(id));
    return review!.exists ? toReviewRecord(id, review!.data() as ReviewDocument, author!.data() as ReviewAuthorDocument | undefined) : null;
  }
  const [row] = await api.database.db.select().from(reviews).where(eq(reviews.id, id));
  return row ?? null;
}

/** Every review the account wrote, shown or not. */
export async function reviewsBy(api: TestApi, userId: string): Promise<ReviewRecord[]> {
  if (api.storeKind === "firestore") {
    const theirs = await api.firestore.collection(REVIEW_AUTHORS).where("authorId", "==", userId).get();
    const found = await Promise.all(theirs.docs.map((author) => reviewById(api, author.id)));
    return found.filter((review) => review !== null);
  }
  return api.database.db.select().from(reviews).where(eq(reviews.userId, userId));
}

/** New reviews, shown, written at the times given; as stored, in the order given. */
export async function insertReviewsAt(api: TestApi, rows: (NewReview & { createdAt: Date })[]): Promise<ReviewRecord[]> {
  if (api.storeKind === "firestore") {
    const batch = api.firestore.batch();
    const written = rows.map(({ userId, createdAt, ...fields }) => {
      const id = randomUUID();
      const data: ReviewDocument = { ...fields, createdAt: Timestamp.fromDate(createdAt), removedAt: null, authorRemoved: false, shown: true };
      const author: ReviewAuthorDocument = { authorId: userId };
      batch.create(api.firestore.collection(REVIEWS).doc(id), data);
      batch.create(api.firestore.collection(REVIEW_AUTHORS).doc(id), author);
      return toReviewRecord(id, data, author);
    });
    await batch.commit();
    return written;
  }
  if (rows.length === 0) return [];
  return api.database.db.insert(reviews).values(rows).returning();
}
