import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { inFirestore } from "../../../../firestore/unit-of-work.js";
import type { SandboxStore } from "../sandbox.store.js";
import {
  intentKeyRef,
  intentRef,
  isDocumentId,
  type SandboxIntentDocument,
  type SandboxIntentKeyDocument,
  toSandboxIntentRecord,
} from "./sandbox.documents.js";

/** The sandbox provider's intents in Firestore (docs/firestore.md § sandboxIntents, sandboxIntentKeys). */
export function firestoreSandboxStore(db: Firestore): SandboxStore {
  return {
    /**
     * One transaction reads the key's claim (`sandboxIntentKeys`): claimed, it answers the intent
     * the claim names; otherwise it writes the intent and the claim. Of two creations at once,
     * Firestore retries the second, which then finds the first's claim.
     */
    async createOrGetIntent(intent) {
      if (!isDocumentId(intent.id)) throw new Error(`${intent.id} cannot name a sandbox intent`);
      const keyRef = intentKeyRef(db, intent.idempotencyKey);
      if (!keyRef) throw new Error(`${intent.idempotencyKey} cannot name a sandbox intent's key`);
      return db.runTransaction(async (transaction) => {
        const claim = (await transaction.get(keyRef)).data() as SandboxIntentKeyDocument | undefined;
        if (claim) {
          const kept = await transaction.get(intentRef(db, claim.intentId));
          return toSandboxIntentRecord(kept.id, kept.data() as SandboxIntentDocument);
        }
        const doc: SandboxIntentDocument = {
          clientSecret: intent.clientSecret,
          idempotencyKey: intent.idempotencyKey,
          amountCents: intent.amount,
          currency: intent.currency,
          status: intent.status,
          metadata: intent.metadata,
          cardLast4: null,
          lastError: null,
          createdAt: Timestamp.now(),
          refunds: [],
          refundedAt: null,
        };
        transaction.create(intentRef(db, intent.id), doc);
        transaction.create(keyRef, { intentId: intent.id } satisfies SandboxIntentKeyDocument);
        return toSandboxIntentRecord(intent.id, doc);
      });
    },

    async findIntent(id) {
      if (!isDocumentId(id)) return null;
      const snapshot = await intentRef(db, id).get();
      return snapshot.exists ? toSandboxIntentRecord(id, snapshot.data() as SandboxIntentDocument) : null;
    },

    async lockIntent(tx, id) {
      if (!isDocumentId(id)) return null;
      const doc = await inFirestore(tx).get<SandboxIntentDocument>(intentRef(db, id));
      return doc ? toSandboxIntentRecord(id, doc) : null;
    },

    async updateIntent(tx, id, { status, cardLast4, lastError, refunds, refundedAt }) {
      const change = inFirestore(tx);
      const ref = intentRef(db, id);
      const before = await change.get<SandboxIntentDocument>(ref);
      if (!before) throw new Error(`sandbox intent ${id} does not exist`);
      const after: SandboxIntentDocument = {
        ...before,
        ...(status !== undefined && { status }),
        ...(cardLast4 !== undefined && { cardLast4 }),
        ...(lastError !== undefined && { lastError }),
        ...(refunds !== undefined && { refunds }),
        ...(refundedAt !== undefined && { refundedAt: refundedAt && Timestamp.fromDate(refundedAt) }),
      };
      change.set(ref, after);
      return toSandboxIntentRecord(id, after);
    },
  };
}
