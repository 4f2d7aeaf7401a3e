import type { DocumentReference, Firestore, Timestamp } from "firebase-admin/firestore";
import type { Payable } from "../../orders/orders.service.js";
import type { PartialRefundRecord, PartialRefundStatus, PaymentProviderName, PaymentRecord, PaymentStatus } from "../payments.store.js";
import { claimId } from "../../../firestore/document-id.js";
export { canNameDocument as isDocumentId } from "../../../firestore/document-id.js";

/** What a payment pays, by the one field its document carries: an order's id or a checkout's. */
export type PayableField = { orderId: string; checkoutId?: never } | { checkoutId: string; orderId?: never };

/** `payments/{intentId}` (docs/firestore.md). */
export type PaymentDocument = PayableField & {
  attempt: number;
  provider: PaymentProviderName;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  lastError: string | null;
  cardLast4: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** `paymentAttempts/{payableId}_{attempt}`: the intent that holds one attempt of an order or a checkout. */
export interface PaymentAttemptDocument {
  intentId: string;
}

/** `orderPayments/{payableId}`: the payment that paid an order or a checkout, written when it succeeds. */
export interface OrderPaymentDocument {
  intentId: string;
}

/** `partialRefunds/{orderId}`: an order's part of a checkout's payment, owed back. */
export interface PartialRefundDocument {
  intentId: string;
  provider: PaymentProviderName;
  amountCents: number;
  status: PartialRefundStatus;
  updatedAt: Timestamp;
}

/** `paymentEvents/{eventId}`: a provider event handled. */
export interface PaymentEventDocument {
  type: string;
  receivedAt: Timestamp;
}

export const paymentsOf = (db: Firestore) => db.collection("payments");
export const paymentRef = (db: Firestore, intentId: string): DocumentReference => paymentsOf(db).doc(intentId);
/** Order and checkout ids are both UUIDs, so one collection keys the attempts of either. */
export const attemptRef = (db: Firestore, payable: Payable, attempt: number): DocumentReference => db.collection("paymentAttempts").doc(`${payable.id}_${attempt}`);
export const orderPaymentRef = (db: Firestore, payable: Payable): DocumentReference => db.collection("orderPayments").doc(payable.id);
export const partialRefundsOf = (db: Firestore) => db.collection("partialRefunds");
export const partialRefundRef = (db: Firestore, orderId: string): DocumentReference => partialRefundsOf(db).doc(orderId);

/** The field a payment's document names its payable by, for its queries. */
export const payableFieldName = ({ kind }: Payable): keyof PayableField => (kind === "order" ? "orderId" : "checkoutId");
export const toPayableField = (payable: Payable): PayableField => (payable.kind === "order" ? { orderId: payable.id } : { checkoutId: payable.id });
const payableOf = (doc: PayableField): Payable => (doc.checkoutId === undefined ? { kind: "order", id: doc.orderId } : { kind: "checkout", id: doc.checkoutId });
export const samePayable = (a: Payable, b: Payable): boolean => a.kind === b.kind && a.id === b.id;

/** An event's document, named by the provider's id as every id made from outside text is (`claimId`); null when it cannot be. */
export function eventRef(db: Firestore, eventId: string): DocumentReference | null {
  const id = claimId(eventId);
  return id === null ? null : db.collection("paymentEvents").doc(id);
}

/** A payment's id on Firestore is its intent's: the document's id, unique by itself. */
export function toPaymentRecord(intentId: string, doc: PaymentDocument): PaymentRecord {
  return {
    id: intentId,
    payable: payableOf(doc),
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

export function toPartialRefundRecord(orderId: string, doc: PartialRefundDocument): PartialRefundRecord {
  return {
    orderId,
    intentId: doc.intentId,
    provider: doc.provider,
    amountCents: doc.amountCents,
    status: doc.status,
    updatedAt: doc.updatedAt.toDate(),
  };
}
