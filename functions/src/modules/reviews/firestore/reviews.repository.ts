import { randomUUID } from "node:crypto";
import type { Firestore, QueryDocumentSnapshot } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { ReviewsStore } from "../reviews.store.js";
import {
  documentId,
  REVIEW_AUTHORS,
  type ReviewAuthorDocument,
  type ReviewDocument,
  REVIEWS,
  toReviewRecord,
  toShownReview,
} from "./reviews.documents.js";

const shownOf = (snapshot: QueryDocumentSnapshot) => toShownReview(snapshot.id, snapshot.data() as ReviewDocument);

/** The reviews in Firestore (docs/firestore.md), each with its author's account in a document only the server reads. */
export function firestoreReviewsStore(db: Firestore): ReviewsStore {
  const reviews = db.collection(REVIEWS);
  const authors = db.collection(REVIEW_AUTHORS);

  return {
    /** `shown, createdAt desc`; Firestore orders ties by document id, descending too. Authors are not read. */
    async shown(limit) {
      if (limit <= 0) return [];
      const snapshot = await reviews.where("shown", "==", true).orderBy("createdAt", "desc").limit(limit).get();
      return snapshot.docs.map(shownOf);
    },

    /** The review and its author, in one batch: neither is ever written without the other. */
    async insert(review) {
      const id = randomUUID();
      const { userId, createdAt, ...fields } = review;
      const data: ReviewDocument = {
        ...fields,
        createdAt: createdAt ? Timestamp.fromDate(createdAt) : Timestamp.now(),
        removedAt: null,
        authorRemoved: false,
        shown: true,
      };
      const author: ReviewAuthorDocument = { authorId: userId };
      await db.batch().create(reviews.doc(id), data).create(authors.doc(id), author).commit();
      return toReviewRecord(id, data, author);
    },

    /**
     * The review is read in the change, so of two removals at once the one that commits second runs
     * again and finds it removed. Its author is read with it, for the audit entry.
     */
    async markRemoved(tx, id) {
      const name = documentId(id);
      if (name === null) return null;
      const change = inFirestore(tx);
      const ref = reviews.doc(name);
      const [before, author] = await change.getAll([ref, authors.doc(name)]);
      if (!before || before.removedAt) return null;
      const fields = { removedAt: Timestamp.now(), shown: false };
      change.update(ref, fields);
      return toReviewRecord(name, { ...(before as ReviewDocument), ...fields }, author as ReviewAuthorDocument | undefined);
    },

    /** An author's reviews are few: the query reads (and holds) their author documents, then the reviews, in the change. */
    async hideAuthor(tx, userId) {
      const change = inFirestore(tx);
      const theirs = await change.query(authors.where("authorId", "==", userId));
      const refs = theirs.docs.map((doc) => reviews.doc(doc.id));
      const found = await change.getAll<ReviewDocument>(refs);
      refs.forEach((ref, i) => {
        const review = found[i];
        if (review && !review.authorRemoved) change.update(ref, { authorRemoved: true, shown: false });
      });
    },
  };
}
