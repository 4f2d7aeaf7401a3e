import type { Firestore } from "firebase-admin/firestore";
import { type AfterCommit, type RunChange, runEffects, type Tx } from "../lib/change.js";
import { FirestoreChange } from "./change.js";
import { withinDeadline } from "./deadline.js";
import { asRetriedConflict } from "./errors.js";
import { DocumentLanes } from "./document-lanes.js";

/**
 * The instances of a burst (the API's several instances, `npm start`'s four workers) still contend
 * for a hot document, one change each at a time: they are given more attempts than Firestore's five,
 * each after a longer pause, rather than answering 503 to a buyer whose order would commit on the
 * next attempt.
 */
const RETRIES = { maxAttempts: 20 };

/**
 * How long a change may take before its caller is answered 503: within Hosting's 60 s for a call
 * to the function, and far past the 15 s the slowest contended batch took on a loaded emulator. The
 * SDK retries a Firestore it cannot reach for minutes and cannot be stopped, so the change is told
 * it was abandoned and refuses to commit when it next gets the chance.
 */
export const CHANGE_DEADLINE_MS = 40_000;

/**
 * The emulator holds a document for one transaction at a time and answers far slower than
 * Firestore: four local workers' burst on one tool keeps a change waiting past the deadline that
 * Firestore serves within seconds (e2e/stack-burst.test.ts). On the emulator a change waits as long
 * as it takes; a test of the deadline names its own.
 */
const defaultDeadline = (): number | null => (process.env.FIRESTORE_EMULATOR_HOST ? null : CHANGE_DEADLINE_MS);

/**
 * Firestore's unit of work: one transaction, then the after-commit work it registered. The changes
 * of this instance take turns at each document they read (document-lanes.ts), so they do not contend
 * with each other; Firestore runs a change again when a change of another instance took a document
 * it read first, and each attempt starts with no writes and no effects of the one before.
 */
export function firestoreUnitOfWork(db: Firestore, lanes = new DocumentLanes(), { deadlineMs = defaultDeadline() }: { deadlineMs?: number | null } = {}): RunChange {
  return async (change) => {
    let effects: AfterCommit[] = [];
    let abandoned = false;
    const holder = lanes.holder();
    const running = db
      .runTransaction(async (transaction) => {
        if (abandoned) throw abandonedError();
        effects = [];
        const firestoreChange = new FirestoreChange(db, transaction, holder);
        const value = await change({ tx: firestoreChange as unknown as Tx, afterCommit: (effect) => void effects.push(effect) }).catch((error: unknown) => {
          throw asRetriedConflict(error);
        });
        // Its caller was answered 503 meanwhile: a commit now would be a change nobody was told of.
        if (abandoned) throw abandonedError();
        firestoreChange.commit();
        return value;
      }, RETRIES)
      .finally(() => holder.release());
    let result: Awaited<typeof running>;
    try {
      result = deadlineMs === null ? await running : await withinDeadline(running, deadlineMs, "a change");
    } catch (error) {
      if (!abandoned) {
        abandoned = true;
        // A commit already on its way when the deadline passed may still land; its effects run then.
        running.then(() => runEffects(effects)).catch(() => undefined);
      }
      throw error;
    }
    await runEffects(effects);
    return result;
  };
}

// Without a gRPC code, so that the SDK ends the transaction rather than trying it again.
const abandonedError = () => new Error("The change outlasted its deadline; its caller was answered, and it does not commit");

/** The Firestore change inside a `Tx` this store opened; for the store's own code only. */
export const inFirestore = (tx: Tx): FirestoreChange => {
  if (!(tx instanceof FirestoreChange)) throw new Error("a change of another store was given to a Firestore store");
  return tx;
};
