import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { Timestamp } from "firebase-admin/firestore";
import { reviews } from "../../../src/db/schema.js";
import { REVIEWS, type ReviewDocument, toReviewRecord } from "../../../src/modules/reviews/firestore/reviews.documents.js";
import type { NewReview, ReviewRecord } from "../../../src/modules/reviews/reviews.store.js";
import type { TestApi } from "../test-app.js";

// Reviews as each store keeps them (docs/firestore.md § reviews), shown or not, for the moderation
// tests: the port lists only the reviews shown, and stamps a new one now.

/** The review as stored, taken down or not; null when there is none. */
export async function reviewById(api: TestApi, id: string): Promise<ReviewRecord | null> {
  if (api.storeKind === "firestore") {
    const snapshot = await api.firestore.collection(REVIEWS).doc(id).get();
    return snapshot.exists ? toReviewRecord(id, snapshot.data() as ReviewDocument) : null;
  }
  const [row] = await api.database.db.select().from(reviews).where(eq(reviews.id, id));
  return row ?? null;
}

/** Every review the account wrote, shown or not. */
export async function reviewsBy(api: TestApi, userId: string): Promise<ReviewRecord[]> {
  if (api.storeKind === "firestore") {
    const found = await api.firestore.collection(REVIEWS).where("authorId", "==", userId).get();
    return found.docs.map((snapshot) => toReviewRecord(snapshot.id, snapshot.data() as ReviewDocument));
  }
  return api.database.db.select().from(reviews).where(eq(reviews.userId, userId));
}

/** New reviews, shown, written at the times given; as stored, in the order given. */
export async function insertReviewsAt(api: TestApi, rows: (NewReview & { createdAt: Date })[]): Promise<ReviewRecord[]> {
  if (api.storeKind === "firestore") {
    const batch = api.firestore.batch();
    const written = rows.map(({ userId, createdAt, ...fields }) => {
      const id = randomUUID();
      const data: ReviewDocument = {
        ...fields,
        authorId: userId,
        createdAt: Timestamp.fromDate(createdAt),
        removedAt: null,
        removedBy: null,
        authorRemoved: false,
        shown: true,
      };
      batch.create(api.firestore.collection(REVIEWS).doc(id), data);
      return toReviewRecord(id, data);
    });
    await batch.commit();
    return written;
  }
  if (rows.length === 0) return [];
  return api.database.db.insert(reviews).values(rows).returning();
}
