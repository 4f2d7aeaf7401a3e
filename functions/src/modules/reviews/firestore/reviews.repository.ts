import { randomUUID } from "node:crypto";
import type { Firestore, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { ReviewsStore } from "../reviews.store.js";
import { documentId, type ReviewDocument, REVIEWS, toReviewRecord } from "./reviews.documents.js";

const recordOf = (snapshot: QueryDocumentSnapshot) => toReviewRecord(snapshot.id, snapshot.data() as ReviewDocument);

/** The reviews in Firestore (docs/firestore.md). */
export function firestoreReviewsStore(db: Firestore): ReviewsStore {
  const reviews = db.collection(REVIEWS);

  return {
    /** `shown, createdAt desc`; Firestore orders ties by document id, descending too. */
    async shown(limit) {
      if (limit <= 0) return [];
      const snapshot = await reviews.where("shown", "==", true).orderBy("createdAt", "desc").limit(limit).get();
      return snapshot.docs.map(recordOf);
    },

    async insert(review) {
      const id = randomUUID();
      const { userId, createdAt, ...fields } = review;
      const data: ReviewDocument = {
        ...fields,
        authorId: userId,
        createdAt: createdAt ? Timestamp.fromDate(createdAt) : Timestamp.now(),
        removedAt: null,
        removedBy: null,
        authorRemoved: false,
        shown: true,
      };
      await reviews.doc(id).create(data);
      return toReviewRecord(id, data);
    },

    /**
     * The review is read in the change, so of two removals at once the one that commits second runs
     * again and finds it removed.
     */
    async markRemoved(tx, id) {
      const name = documentId(id);
      if (name === null) return null;
      const change = inFirestore(tx);
      const ref = reviews.doc(name);
      const before = await change.get<ReviewDocument>(ref);
      if (!before || before.removedAt) return null;
      const fields = { removedAt: Timestamp.now(), shown: false };
      change.update(ref, fields);
      return toReviewRecord(name, { ...before, ...fields });
    },

    /** An author's reviews are few: the query reads (and holds) them all in the change. */
    async hideAuthor(tx, userId) {
      const change = inFirestore(tx);
      const snapshot = await change.query(reviews.where("authorId", "==", userId));
      for (const doc of snapshot.docs) {
        if (!(doc.get("authorRemoved") as boolean)) change.update(doc.ref, { authorRemoved: true, shown: false });
      }
    },
  };
}
