import type { DocumentReference, Firestore, Timestamp } from "firebase-admin/firestore";
import type { SandboxIntentRecord, SandboxIntentStatus, SandboxPaymentError, SandboxRefund } from "../sandbox.store.js";
import { claimId } from "../../../../firestore/document-id.js";
export { canNameDocument as isDocumentId } from "../../../../firestore/document-id.js";

/** `sandboxIntents/{intentId}` (docs/firestore.md). */
export interface SandboxIntentDocument {
  clientSecret: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  status: SandboxIntentStatus;
  metadata: Record<string, string>;
  cardLast4: string | null;
  lastError: SandboxPaymentError | null;
  createdAt: Timestamp;
  /** Absent on an intent kept before refunds were listed: none then. */
  refunds?: SandboxRefund[];
  refundedAt: Timestamp | null;
}

/** `sandboxIntentKeys/{key}`: the intent created under an idempotency key. */
export interface SandboxIntentKeyDocument {
  intentId: string;
}

export const intentRef = (db: Firestore, id: string): DocumentReference => db.collection("sandboxIntents").doc(id);
/** The key is text the shop makes (`toolshop-order-…-attempt-…`), named as every id made from text is (`claimId`); null when it cannot be. */
export function intentKeyRef(db: Firestore, key: string): DocumentReference | null {
  const id = claimId(key);
  return id === null ? null : db.collection("sandboxIntentKeys").doc(id);
}

export function toSandboxIntentRecord(id: string, doc: SandboxIntentDocument): SandboxIntentRecord {
  return {
    id,
    clientSecret: doc.clientSecret,
    idempotencyKey: doc.idempotencyKey,
    amount: doc.amountCents,
    currency: doc.currency,
    status: doc.status,
    metadata: doc.metadata,
    cardLast4: doc.cardLast4,
    lastError: doc.lastError,
    createdAt: doc.createdAt.toDate(),
    refunds: doc.refunds ?? [],
    refundedAt: doc.refundedAt?.toDate() ?? null,
  };
}
