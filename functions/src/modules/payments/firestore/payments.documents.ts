import type { DocumentReference, Firestore, Timestamp } from "firebase-admin/firestore";
import type { PaymentProviderName, PaymentRecord, PaymentStatus } from "../payments.store.js";
import { claimId } from "../../../firestore/document-id.js";
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

/** `orderPayments/{orderId}`: the payment that paid an order, written when it succeeds. */
export interface OrderPaymentDocument {
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
export const orderPaymentRef = (db: Firestore, orderId: string): DocumentReference => db.collection("orderPayments").doc(orderId);

/** An event's document, named by the provider's id as every id made from outside text is (`claimId`); null when it cannot be. */
export function eventRef(db: Firestore, eventId: string): DocumentReference | null {
  const id = claimId(eventId);
  return id === null ? null : db.collection("paymentEvents").doc(id);
}

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
