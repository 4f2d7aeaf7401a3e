import type { Firestore } from "firebase-admin/firestore";
import { type AfterCommit, type RunChange, runEffects, type Tx } from "../lib/change.js";
import { FirestoreChange } from "./change.js";
import { DocumentLanes } from "./document-lanes.js";

/**
 * The instances of a burst (the API's several instances, `npm start`'s four workers) still contend
 * for a hot document, one change each at a time: they are given more attempts than Firestore's five,
 * each after a longer pause, rather than answering 503 to a buyer whose order would commit on the
 * next attempt.
 */
const RETRIES = { maxAttempts: 20 };

/**
 * Firestore's unit of work: one transaction, then the after-commit work it registered. The changes
 * of this instance take turns at each document they read (document-lanes.ts), so they do not contend
 * with each other; Firestore runs a change again when a change of another instance took a document
 * it read first, and each attempt starts with no writes and no effects of the one before.
 */
export function firestoreUnitOfWork(db: Firestore, lanes = new DocumentLanes()): RunChange {
  return async (change) => {
    let effects: AfterCommit[] = [];
    const holder = lanes.holder();
    const result = await db
      .runTransaction(async (transaction) => {
        effects = [];
        const firestoreChange = new FirestoreChange(db, transaction, holder);
        const value = await change({ tx: firestoreChange as unknown as Tx, afterCommit: (effect) => void effects.push(effect) });
        firestoreChange.commit();
        return value;
      }, RETRIES)
      .finally(() => holder.release());
    await runEffects(effects);
    return result;
  };
}

/** The Firestore change inside a `Tx` this store opened; for the store's own code only. */
export const inFirestore = (tx: Tx): FirestoreChange => {
  if (!(tx instanceof FirestoreChange)) throw new Error("a change of another store was given to a Firestore store");
  return tx;
};
