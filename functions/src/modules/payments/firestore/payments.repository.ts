import { type Firestore, Timestamp } from "firebase-admin/firestore";
import type { FirestoreChange } from "../../../firestore/change.js";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { PaymentsStore } from "../payments.store.js";
import {
  attemptRef,
  eventRef,
  isDocumentId,
  type OrderPaymentDocument,
  orderPaymentRef,
  type PartialRefundDocument,
  partialRefundRef,
  partialRefundsOf,
  type PaymentAttemptDocument,
  type PaymentDocument,
  type PaymentEventDocument,
  payableFieldName,
  paymentRef,
  paymentsOf,
  samePayable,
  toPartialRefundRecord,
  toPayableField,
  toPaymentRecord,
} from "./payments.documents.js";

/**
 * The payments in Firestore (docs/firestore.md § payments, paymentAttempts, orderPayments,
 * partialRefunds, paymentEvents), on the instance's clock. A payment's document is its intent's id,
 * so a payment's `id` is its `intentId`.
 */
export function firestorePaymentsStore(db: Firestore): PaymentsStore {
  const readPayment = (change: FirestoreChange, intentId: string): Promise<PaymentDocument | undefined> =>
    isDocumentId(intentId) ? change.get<PaymentDocument>(paymentRef(db, intentId)) : Promise.resolve(undefined);

  return {
    /** `orderId, attempt desc` or `checkoutId, attempt desc`. */
    async latestAttempt(payable) {
      const snapshot = await paymentsOf(db).where(payableFieldName(payable), "==", payable.id).orderBy("attempt", "desc").limit(1).get();
      const [latest] = snapshot.docs;
      return latest ? toPaymentRecord(latest.id, latest.data() as PaymentDocument) : null;
    },

    /**
     * One transaction reads the intent's document and the attempt's claim (`paymentAttempts`), and
     * writes both only when neither exists: of two at once, Firestore retries the second, which then
     * finds them and writes nothing.
     */
    async recordAttempt(payment) {
      if (!isDocumentId(payment.intentId)) throw new Error(`${payment.intentId} cannot name a payment`);
      const now = Timestamp.now();
      await db.runTransaction(async (transaction) => {
        const [intent, attempt] = await transaction.getAll(paymentRef(db, payment.intentId), attemptRef(db, payment.payable, payment.attempt));
        if (intent!.exists || attempt!.exists) return;
        const doc: PaymentDocument = {
          ...toPayableField(payment.payable),
          attempt: payment.attempt,
          provider: payment.provider,
          amountCents: payment.amountCents,
          currency: payment.currency,
          status: "pending",
          lastError: null,
          cardLast4: null,
          createdAt: now,
          updatedAt: now,
        };
        transaction.create(paymentRef(db, payment.intentId), doc);
        transaction.create(attemptRef(db, payment.payable, payment.attempt), { intentId: payment.intentId } satisfies PaymentAttemptDocument);
      });
    },

    async lockByIntent(tx, intentId) {
      const doc = await readPayment(inFirestore(tx), intentId);
      return doc ? toPaymentRecord(intentId, doc) : null;
    },

    /** `orderPayments/{payableId}` names it; both are read by id in the change, which holds them. */
    async lockSucceededFor(tx, payable) {
      if (!isDocumentId(payable.id)) return null;
      const change = inFirestore(tx);
      const paidBy = await change.get<OrderPaymentDocument>(orderPaymentRef(db, payable));
      if (!paidBy) return null;
      const doc = await readPayment(change, paidBy.intentId);
      if (!doc || doc.status !== "succeeded") return null;
      const payment = toPaymentRecord(paidBy.intentId, doc);
      return samePayable(payment.payable, payable) ? payment : null;
    },

    async setStatus(tx, id, status, lastError) {
      if (!isDocumentId(id)) return;
      inFirestore(tx).update(paymentRef(db, id), { status, lastError, updatedAt: Timestamp.now() });
    },

    /** Also names the payment in its order's or checkout's `orderPayments` document, which a refund reads by id. */
    async markSucceeded(tx, id, cardLast4) {
      const change = inFirestore(tx);
      const before = await readPayment(change, id);
      if (!before) throw new Error(`payments/${id} does not exist`);
      change.update(paymentRef(db, id), { status: "succeeded", lastError: null, cardLast4, updatedAt: Timestamp.now() });
      change.set(orderPaymentRef(db, toPaymentRecord(id, before).payable), { intentId: id } satisfies OrderPaymentDocument);
    },

    async recordCard(tx, intentId, cardLast4) {
      const change = inFirestore(tx);
      const before = await readPayment(change, intentId);
      if (before?.status !== "succeeded" || before.cardLast4 !== null) return null;
      const after = { ...before, cardLast4 };
      change.set(paymentRef(db, intentId), after);
      return toPaymentRecord(intentId, after);
    },

    async markRefunded(intentId) {
      if (!isDocumentId(intentId)) return;
      const ref = paymentRef(db, intentId);
      await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (snapshot.get("status") !== "refund_due") return;
        transaction.update(ref, { status: "refunded", updatedAt: Timestamp.now() });
      });
    },

    /** `status, provider, updatedAt`; the intent id (the document's) breaks ties. */
    async dueRefunds({ provider, olderThanMinutes }) {
      const before = Timestamp.fromMillis(Date.now() - olderThanMinutes * 60_000);
      const snapshot = await paymentsOf(db).where("status", "==", "refund_due").where("provider", "==", provider).where("updatedAt", "<", before).orderBy("updatedAt").get();
      return snapshot.docs.map((doc) => ({ intentId: doc.id }));
    },

    /**
     * The order's document, read in the change and written when absent: of two at once, Firestore
     * retries the second, which then finds it.
     */
    async recordPartialRefund(tx, { orderId, ...refund }) {
      if (!isDocumentId(orderId)) throw new Error(`${orderId} cannot name a partial refund`);
      const change = inFirestore(tx);
      const ref = partialRefundRef(db, orderId);
      if (await change.get(ref)) return false;
      change.create(ref, { ...refund, status: "due", updatedAt: Timestamp.now() } satisfies PartialRefundDocument);
      return true;
    },

    async markPartialRefunded(orderId) {
      if (!isDocumentId(orderId)) return;
      const ref = partialRefundRef(db, orderId);
      await db.runTransaction(async (transaction) => {
        const snapshot = await transaction.get(ref);
        if (snapshot.get("status") !== "due") return;
        transaction.update(ref, { status: "refunded", updatedAt: Timestamp.now() });
      });
    },

    /** `status, provider, updatedAt`; the order id (the document's) breaks ties. */
    async duePartialRefunds({ provider, olderThanMinutes }) {
      const before = Timestamp.fromMillis(Date.now() - olderThanMinutes * 60_000);
      const snapshot = await partialRefundsOf(db).where("status", "==", "due").where("provider", "==", provider).where("updatedAt", "<", before).orderBy("updatedAt").get();
      return snapshot.docs.map((doc) => toPartialRefundRecord(doc.id, doc.data() as PartialRefundDocument));
    },

    /**
     * The event's document, read in the change and written when absent: of two deliveries at once,
     * Firestore retries the second, which then finds it (or not, if the first rolled back).
     */
    async claimEvent(tx, id, type) {
      const ref = eventRef(db, id);
      if (!ref) throw new Error(`${id} cannot name a provider event`);
      const change = inFirestore(tx);
      if (await change.get(ref)) return false;
      change.set(ref, { type, receivedAt: Timestamp.now() } satisfies PaymentEventDocument);
      return true;
    },

    async releaseEvent(id) {
      await eventRef(db, id)?.delete();
    },
  };
}
