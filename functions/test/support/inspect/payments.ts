import { and, asc, eq, sql } from "drizzle-orm";
import { type Firestore, type Query, Timestamp } from "firebase-admin/firestore";
import { outbox } from "../../../src/modules/mail/postgres/mail.tables.js";
import { type OrderDocument, toOrderRecord } from "../../../src/modules/orders/firestore/orders.documents.js";
import type { OrderRecord } from "../../../src/modules/orders/orders.store.js";
import { orders } from "../../../src/modules/orders/postgres/orders.tables.js";
import {
  type PartialRefundDocument,
  type PaymentDocument,
  toPartialRefundRecord,
  toPaymentRecord,
} from "../../../src/modules/payments/firestore/payments.documents.js";
import type { PartialRefundRecord, PaymentRecord, PaymentStatus } from "../../../src/modules/payments/payments.store.js";
import { toPaymentRecord as toPaymentRecordOfRow } from "../../../src/modules/payments/postgres/payments.repository.js";
import { partialRefunds, paymentEvents, payments } from "../../../src/modules/payments/postgres/payments.tables.js";
import { type SandboxIntentDocument, toSandboxIntentRecord } from "../../../src/modules/payments/sandbox/firestore/sandbox.documents.js";
import { sandboxIntents } from "../../../src/modules/payments/sandbox/postgres/sandbox.tables.js";
import type { SandboxIntentRecord } from "../../../src/modules/payments/sandbox/sandbox.store.js";
import type { TestApi } from "../test-app.js";

// What the payment tests look at behind the ports: payments and the orders' parts of them refunded,
// orders in any status, the sandbox's intents, the events handled and the mail written, as records
// of the same shape on every store.

const onFirestore = (api: TestApi): boolean => api.storeKind === "firestore";

async function paymentRecords(query: Query): Promise<PaymentRecord[]> {
  return (await query.get()).docs.map((doc) => toPaymentRecord(doc.id, doc.data() as PaymentDocument));
}

/** The payment of the intent, whatever its status; null when none has it. */
export async function paymentOf(api: TestApi, intentId: string): Promise<PaymentRecord | null> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("payments").doc(intentId).get();
    return snapshot.exists ? toPaymentRecord(intentId, snapshot.data() as PaymentDocument) : null;
  }
  const [row] = await api.database.db.select().from(payments).where(eq(payments.intentId, intentId));
  return row ? toPaymentRecordOfRow(row) : null;
}

/** Every attempt to pay the order, the first first. */
export async function paymentsOfOrder(api: TestApi, orderId: string): Promise<PaymentRecord[]> {
  if (onFirestore(api)) return paymentRecords(api.firestore.collection("payments").where("orderId", "==", orderId).orderBy("attempt"));
  return (await api.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt))).map(toPaymentRecordOfRow);
}

/** Every attempt to pay the checkout, the first first. */
export async function paymentsOfCheckout(api: TestApi, checkoutId: string): Promise<PaymentRecord[]> {
  if (onFirestore(api)) return paymentRecords(api.firestore.collection("payments").where("checkoutId", "==", checkoutId).orderBy("attempt"));
  return (await api.database.db.select().from(payments).where(eq(payments.checkoutId, checkoutId)).orderBy(asc(payments.attempt))).map(toPaymentRecordOfRow);
}

/** Every payment of every order and checkout, by intent id. */
export async function everyPayment(api: TestApi): Promise<PaymentRecord[]> {
  if (onFirestore(api)) return paymentRecords(api.firestore.collection("payments").orderBy("__name__"));
  return (await api.database.db.select().from(payments).orderBy(asc(payments.intentId))).map(toPaymentRecordOfRow);
}

/** The order's part of its checkout's payment, owed or given back; null when the order was not refunded so. */
export async function partialRefundOf(api: TestApi, orderId: string): Promise<PartialRefundRecord | null> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("partialRefunds").doc(orderId).get();
    return snapshot.exists ? toPartialRefundRecord(orderId, snapshot.data() as PartialRefundDocument) : null;
  }
  const [row] = await api.database.db.select().from(partialRefunds).where(eq(partialRefunds.orderId, orderId));
  return row ?? null;
}

/** Moves back, by `minutes`, the time the order's part of a refund last changed, as `agePayments` does for payments. */
export async function agePartialRefund(api: TestApi, orderId: string, minutes: number): Promise<void> {
  if (onFirestore(api)) {
    await api.firestore.collection("partialRefunds").doc(orderId).update({ updatedAt: Timestamp.fromMillis(Date.now() - minutes * 60_000) });
    return;
  }
  await api.database.db
    .update(partialRefunds)
    .set({ updatedAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(eq(partialRefunds.orderId, orderId));
}

/**
 * Moves back, by `minutes`, the time the payments' status last changed: of the one intent, of those
 * in one status, or of every payment. A refund due counts its grace period from it.
 */
export async function agePayments(api: TestApi, minutes: number, which: { intentId?: string; status?: PaymentStatus } = {}): Promise<void> {
  if (onFirestore(api)) {
    const updatedAt = Timestamp.fromMillis(Date.now() - minutes * 60_000);
    const aged = (await everyPayment(api)).filter((p) => (which.intentId ?? p.intentId) === p.intentId && (which.status ?? p.status) === p.status);
    await Promise.all(aged.map((p) => api.firestore.collection("payments").doc(p.intentId).update({ updatedAt })));
    return;
  }
  const conditions = [
    which.intentId === undefined ? undefined : eq(payments.intentId, which.intentId),
    which.status === undefined ? undefined : eq(payments.status, which.status),
  ];
  await api.database.db
    .update(payments)
    .set({ updatedAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(and(...conditions));
}

/** The provider events recorded as handled. */
export async function handledEvents(api: TestApi): Promise<{ id: string; type: string }[]> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("paymentEvents").get();
    return snapshot.docs.map((doc) => ({ id: decodeURIComponent(doc.id), type: doc.get("type") as string }));
  }
  return api.database.db.select({ id: paymentEvents.id, type: paymentEvents.type }).from(paymentEvents);
}

/** The sandbox's intents whose metadata names the order. */
export async function sandboxIntentsOfOrder(api: TestApi, orderId: string): Promise<SandboxIntentRecord[]> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("sandboxIntents").where("metadata.orderId", "==", orderId).get();
    return snapshot.docs.map((doc) => toSandboxIntentRecord(doc.id, doc.data() as SandboxIntentDocument));
  }
  return api.database.db.select().from(sandboxIntents).where(sql`${sandboxIntents.metadata}->>'orderId' = ${orderId}`);
}

/** The sandbox's intents whose metadata names the checkout. */
export async function sandboxIntentsOfCheckout(api: TestApi, checkoutId: string): Promise<SandboxIntentRecord[]> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("sandboxIntents").where("metadata.checkoutId", "==", checkoutId).get();
    return snapshot.docs.map((doc) => toSandboxIntentRecord(doc.id, doc.data() as SandboxIntentDocument));
  }
  return api.database.db.select().from(sandboxIntents).where(sql`${sandboxIntents.metadata}->>'checkoutId' = ${checkoutId}`);
}

/** The order in whatever status, cancelled too, where the API no longer shows it. */
export async function orderOf(api: TestApi, orderId: string): Promise<OrderRecord> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("orders").doc(orderId).get();
    if (!snapshot.exists) throw new Error(`no order ${orderId}`);
    return toOrderRecord(orderId, snapshot.data() as OrderDocument);
  }
  const [row] = await api.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`no order ${orderId}`);
  return row;
}

/** Every order in whatever status, by id. */
export async function everyOrder(api: TestApi): Promise<OrderRecord[]> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("orders").orderBy("__name__").get();
    return snapshot.docs.map((doc) => toOrderRecord(doc.id, doc.data() as OrderDocument));
  }
  return api.database.db.select().from(orders).orderBy(asc(orders.id));
}

/** Sets the order's total as an order placed before today's rules could have it. */
export async function setOrderTotal(api: TestApi, orderId: string, totalCents: number): Promise<void> {
  if (onFirestore(api)) {
    await api.firestore.collection("orders").doc(orderId).update({ totalCents });
    return;
  }
  await api.database.db.update(orders).set({ totalCents }).where(eq(orders.id, orderId));
}

/** The e-mails written for an event (`order:{id}:refunded`). */
export async function mailsOf(api: TestApi, eventKey: string): Promise<{ recipient: string; subject: string; text: string }[]> {
  if (onFirestore(api)) {
    const snapshot = await api.firestore.collection("outbox").where("eventKey", "==", eventKey).get();
    return snapshot.docs.map((doc) => ({ recipient: doc.get("recipient") as string, subject: doc.get("subject") as string, text: doc.get("text") as string }));
  }
  return api.database.db.select({ recipient: outbox.recipient, subject: outbox.subject, text: outbox.text }).from(outbox).where(eq(outbox.eventKey, eventKey));
}

/**
 * Everything the store holds, as text, for a search of what must never be stored; and the names of
 * what holds it, camel-cased (`payment_events` reads `paymentEvents`) to be the same on every store.
 * On Firestore each document is its path and its fields, subcollections included.
 */
export async function everythingStored(api: TestApi): Promise<{ names: string[]; text: string }> {
  if (onFirestore(api)) return everythingInFirestore(api.firestore);
  const { rows: tables } = await api.database.pool.query<{ table_schema: string; table_name: string }>(
    "select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
  );
  const dumps = await Promise.all(
    tables.map(async (t) => (await api.database.pool.query<{ row: string }>(`select t::text as row from "${t.table_schema}"."${t.table_name}" t`)).rows),
  );
  return {
    names: tables.map((t) => t.table_name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())),
    text: dumps.flat().map((r) => r.row).join("\n"),
  };
}

async function everythingInFirestore(db: Firestore): Promise<{ names: string[]; text: string }> {
  const names = new Set<string>();
  const lines: string[] = [];
  let collections = await db.listCollections();
  while (collections.length > 0) {
    const next = [];
    for (const collection of collections) {
      names.add(collection.id);
      // Listed rather than queried, so a subcollection under a document that does not exist is found too.
      for (const ref of await collection.listDocuments()) {
        const doc = await ref.get();
        if (doc.exists) lines.push(`${ref.path} ${JSON.stringify(doc.data())}`);
        next.push(...(await ref.listCollections()));
      }
    }
    collections = next;
  }
  return { names: [...names], text: lines.join("\n") };
}
