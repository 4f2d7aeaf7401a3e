import type { DocumentReference, Firestore, Timestamp } from "firebase-admin/firestore";
import type { PaymentProviderName, PaymentRecord, PaymentStatus } from "../payments.store.js";
export { canNameDocument as isDocumentId } from "../../../firestore/document-id.js";

/** `payments/{intentId}` (docs/firestore.md). */
export interface PaymentDocument {
  orderId: string;
  attempt: number;
  provider: PaymentProviderName;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  lastError: string | null;
  cardLast4: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** `paymentAttempts/{orderId}_{attempt}`: the intent that holds one attempt of an order. */
export interface PaymentAttemptDocument {
  intentId: string;
}

/** `paymentEvents/{eventId}`: a provider event handled. */
export interface PaymentEventDocument {
  type: string;
  receivedAt: Timestamp;
}


export const paymentsOf = (db: Firestore) => db.collection("payments");
export const paymentRef = (db: Firestore, intentId: string): DocumentReference => paymentsOf(db).doc(intentId);
export const attemptRef = (db: Firestore, orderId: string, attempt: number): DocumentReference => db.collection("paymentAttempts").doc(`${orderId}_${attempt}`);
/** An event's id is the provider's text, URI-encoded as every id made from outside text. */
export const eventRef = (db: Firestore, eventId: string): DocumentReference => db.collection("paymentEvents").doc(encodeURIComponent(eventId));

/** A payment's id on Firestore is its intent's: the document's id, unique by itself. */
export function toPaymentRecord(intentId: string, doc: PaymentDocument): PaymentRecord {
  return {
    id: intentId,
    orderId: doc.orderId,
    attempt: doc.attempt,
    provider: doc.provider,
    intentId,
    amountCents: doc.amountCents,
    currency: doc.currency,
    status: doc.status,
    lastError: doc.lastError,
    cardLast4: doc.cardLast4,
    createdAt: doc.createdAt.toDate(),
    updatedAt: doc.updatedAt.toDate(),
  };
}
