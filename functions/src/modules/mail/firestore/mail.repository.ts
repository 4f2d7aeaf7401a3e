import { type DocumentReference, type Firestore, type Query, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import type { Tx } from "../../../lib/change.js";
import type { DocumentLanes } from "../../../firestore/document-lanes.js";
import { firestoreUnitOfWork, inFirestore } from "../../../firestore/unit-of-work.js";
import type { MailStore, OutboxMessage } from "../mail.store.js";
import { addressId, canNameDocument, type OutboxDocument, outboxDocument, outboxId, outboxMessageOf, type VerifiedAddressDocument } from "./mail.documents.js";

/**
 * How many due messages the sender looks at per read. Those it passes over are under a live claim,
 * so at most one per sender running; a batch is nearly always enough.
 */
const CLAIM_BATCH = 20;

const secondsAfter = (time: Timestamp, seconds: number) => Timestamp.fromMillis(time.toMillis() + seconds * 1000);

/** Whether a sender may claim the message now: unsent, not waiting, due, and no live claim on it. */
const isClaimable = (message: OutboxDocument, now: Timestamp): boolean =>
  message.sentAt === null &&
  !message.awaitingVerification &&
  message.nextAttemptAt.toMillis() <= now.toMillis() &&
  (message.claimedUntil === null || message.claimedUntil.toMillis() < now.toMillis());

/**
 * The outbox and the verified addresses in Firestore (docs/firestore.md). Its own changes take
 * turns with the instance's others at each document (`lanes`, document-lanes.ts).
 */
export function firestoreMailStore(db: Firestore, lanes?: DocumentLanes): MailStore {
  const outbox = db.collection("outbox");
  const verified = db.collection("verifiedMailAddresses");
  const runChange = firestoreUnitOfWork(db, lanes);

  /** An address's verification; none for an address that cannot name a document, which is never verified. */
  const verifiedRef = (address: string): DocumentReference | null => {
    const id = addressId(address);
    return id === null ? null : verified.doc(id);
  };
  const unsent = (): Query => outbox.where("sentAt", "==", null);
  const dueAt = (now: Timestamp): Query =>
    unsent().where("awaitingVerification", "==", false).where("nextAttemptAt", "<=", now).orderBy("nextAttemptAt");

  /**
   * One transaction reads the message and, when it is still claimable, takes it for the lease. Of
   * two senders claiming it at once, Firestore commits one and runs the other again, which then
   * reads the claim and passes on.
   */
  const claim = (ref: DocumentReference, leaseSeconds: number): Promise<OutboxMessage | null> =>
    db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const message = snapshot.data() as OutboxDocument | undefined;
      const now = Timestamp.now();
      if (!message || !isClaimable(message, now)) return null;
      const claimed: OutboxDocument = { ...message, claimedUntil: secondsAfter(now, leaseSeconds), attempts: message.attempts + 1 };
      transaction.update(ref, { claimedUntil: claimed.claimedUntil, attempts: claimed.attempts });
      return outboxMessageOf(ref.id, claimed);
    });

  /** Changes an unsent message in a transaction of its own; one recorded sent, or none, stays as it was. */
  const changeUnsent = (id: string, fields: (now: Timestamp) => Partial<OutboxDocument>): Promise<void> => {
    if (!canNameDocument(id)) return Promise.resolve();
    const ref = outbox.doc(id);
    return db.runTransaction(async (transaction) => {
      const message = (await transaction.get(ref)).data() as OutboxDocument | undefined;
      if (!message || message.sentAt !== null) return;
      transaction.update(ref, fields(Timestamp.now()));
    });
  };

  /** The query finds the candidates; each is read again in the change, which may have released it already. */
  async function releaseAwaiting(tx: Tx, address: string): Promise<number> {
    const change = inFirestore(tx);
    const waiting = await change.query(unsent().where("recipient", "==", address).where("awaitingVerification", "==", true));
    const now = Timestamp.now();
    let released = 0;
    for (const candidate of waiting.docs) {
      const message = await change.get<OutboxDocument>(candidate.ref);
      if (!message || message.sentAt !== null || !message.awaitingVerification) continue;
      change.update(candidate.ref, { awaitingVerification: false, nextAttemptAt: now });
      released++;
    }
    return released;
  }

  return {
    /**
     * Each message's document is named by its event, and read in the change with the recipient's
     * verification: of two changes writing one event at once, Firestore runs the second again, and
     * it then finds the first's message. The verification read is held as well, so a verification
     * committing at the same time is either seen here or sees this message to release.
     */
    async enqueue(tx, messages) {
      const byEvent = new Map<string, (typeof messages)[number]>();
      for (const message of messages) if (!byEvent.has(message.eventKey)) byEvent.set(message.eventKey, message);
      if (byEvent.size === 0) return;
      const change = inFirestore(tx);
      const recipients = [...new Set([...byEvent.values()].map((message) => message.to))].flatMap((address) => {
        const ref = verifiedRef(address);
        return ref ? [{ address, ref }] : [];
      });
      const refs = [...byEvent.keys()].map((eventKey) => outbox.doc(outboxId(eventKey)));
      const [existing, verifications] = await Promise.all([
        change.getAll<OutboxDocument>(refs),
        change.getAll<VerifiedAddressDocument>(recipients.map(({ ref }) => ref)),
      ]);
      const verifiedAddresses = new Set(recipients.filter((_, index) => verifications[index] !== undefined).map(({ address }) => address));
      const now = Timestamp.now();
      [...byEvent.values()].forEach((message, index) => {
        if (existing[index]) return;
        change.create(refs[index]!, outboxDocument(message, verifiedAddresses.has(message.to), now));
      });
    },

    async recordVerified(tx, address) {
      const ref = verifiedRef(address);
      if (!ref) return false;
      const change = inFirestore(tx);
      if (await change.get(ref)) return false;
      change.create(ref, { address, verifiedAt: Timestamp.now() } satisfies VerifiedAddressDocument);
      return true;
    },

    releaseAwaiting,

    /** One change per address verified lately; there are few within minutes. */
    async releaseRecentlyVerified(withinSeconds) {
      const since = Timestamp.fromMillis(Date.now() - withinSeconds * 1000);
      const recent = await verified.where("verifiedAt", ">", since).get();
      let released = 0;
      for (const snapshot of recent.docs) {
        const { address } = snapshot.data() as VerifiedAddressDocument;
        released += await runChange(({ tx }) => releaseAwaiting(tx, address));
      }
      return released;
    },

    /**
     * Reads the due messages oldest first, a batch at a time, and claims the first one whose claim
     * is not live in a transaction of its own; one another sender took meanwhile is passed over.
     */
    async claimNextDue(leaseSeconds) {
      const now = Timestamp.now();
      let after: QueryDocumentSnapshot | undefined;
      for (;;) {
        const batch = await (after ? dueAt(now).startAfter(after) : dueAt(now)).limit(CLAIM_BATCH).get();
        for (const candidate of batch.docs) {
          if (!isClaimable(candidate.data() as OutboxDocument, now)) continue;
          const claimed = await claim(candidate.ref, leaseSeconds);
          if (claimed) return claimed;
        }
        if (batch.size < CLAIM_BATCH) return null;
        after = batch.docs.at(-1);
      }
    },

    markSent: (id) => changeUnsent(id, (now) => ({ sentAt: now, claimedUntil: null, lastError: null })),

    markFailed: (id, error, retryInSeconds) =>
      changeUnsent(id, (now) => ({ claimedUntil: null, lastError: error, nextAttemptAt: secondsAfter(now, retryInSeconds) })),

    async countWaiting() {
      const counted = await unsent().where("awaitingVerification", "==", false).count().get();
      return counted.data().count;
    },
  };
}
