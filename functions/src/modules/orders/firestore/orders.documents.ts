import { createHash } from "node:crypto";
import { type DocumentReference, type Firestore, Timestamp } from "firebase-admin/firestore";
import type { Stored } from "../../../firestore/stored.js";
import { canonicalId } from "../../../lib/ids.js";
import type { AcceptedOrder, CheckoutRecord, NewCheckout, OrderRecord } from "../orders.store.js";

/** `orders/{orderId}` (docs/firestore.md): the record, its buyer named `buyerId`, and what the lists query. */
export type OrderDocument = Stored<Omit<OrderRecord, "id" | "userId" | "checkoutId">> & {
  /** Absent on an order placed before checkouts were; null for an order placed on its own. */
  checkoutId?: string | null;
  buyerId: string;
  /** `status != 'cancelled'`, as an equality the lists can query and order by `createdAt`. */
  live: boolean;
  /** The order number: the id's first eight characters, for All Orders' search by number. */
  number: string;
  /** The buyer's email and name and the tool's name, joined by spaces, in lower case: All Orders' search. */
  searchText: string;
};

/** `checkouts/{checkoutId}` (docs/firestore.md): never changed once placed but to follow the buyer's email. */
export type CheckoutDocument = Stored<Omit<CheckoutRecord, "id" | "userId">> & { buyerId: string };

/** `checkoutKeys/{accountId}_{keyHash}`: the checkout a buyer's Idempotency-Key placed. */
export interface CheckoutKeyDocument {
  buyerId: string;
  checkoutId: string;
}

/** `orderBuyers/{accountId}`: a buyer's placing, and how many unpaid orders they hold. */
export interface OrderBuyerDocument {
  unpaid: number;
}

/** `orderKeys/{accountId}_{keyHash}`: the order a buyer's Idempotency-Key placed. */
export interface OrderKeyDocument {
  buyerId: string;
  orderId: string;
}

export { canNameDocument as isDocumentId } from "../../../firestore/document-id.js";

/**
 * The id of the order a request names, as its document is named: the shop makes every order's id a
 * UUID, written in lower case, and PostgreSQL reads a UUID whatever its case, so the two stores find
 * the same order for "ABC…" and "abc…". Null for anything else, which names no order.
 */
export const orderIdOf = canonicalId;

export const ordersOf = (db: Firestore) => db.collection("orders");
export const orderRef = (db: Firestore, id: string): DocumentReference => ordersOf(db).doc(id);
export const buyerRef = (db: Firestore, buyerId: string): DocumentReference => db.collection("orderBuyers").doc(buyerId);

/**
 * A key is outside text of up to 255 characters, which URI-encoded could pass Firestore's bound on
 * an id; its hash has one length whatever it holds.
 */
export const keyRef = (db: Firestore, buyerId: string, key: string): DocumentReference =>
  db.collection("orderKeys").doc(`${buyerId}_${createHash("sha256").update(key).digest("base64url")}`);

export const checkoutRef = (db: Firestore, id: string): DocumentReference => db.collection("checkouts").doc(id);
export const checkoutKeyRef = (db: Firestore, buyerId: string, key: string): DocumentReference =>
  db.collection("checkoutKeys").doc(`${buyerId}_${createHash("sha256").update(key).digest("base64url")}`);

export function toCheckoutRecord(id: string, doc: CheckoutDocument): CheckoutRecord {
  return {
    id,
    userId: doc.buyerId,
    userName: doc.userName,
    userEmail: doc.userEmail,
    userPhone: doc.userPhone,
    userAddress: doc.userAddress,
    totalCents: doc.totalCents,
    idempotencyKey: doc.idempotencyKey,
    orderIds: doc.orderIds,
    createdAt: doc.createdAt.toDate(),
  };
}

export function newCheckoutDocument(checkout: NewCheckout, now: Date): CheckoutDocument {
  return {
    buyerId: checkout.userId,
    userName: checkout.userName,
    userEmail: checkout.userEmail,
    userPhone: checkout.userPhone,
    userAddress: checkout.userAddress,
    totalCents: checkout.totalCents,
    idempotencyKey: checkout.idempotencyKey,
    orderIds: checkout.orderIds,
    createdAt: Timestamp.fromDate(now),
  };
}

export const searchTextOf = (userEmail: string, userName: string, toolName: string): string => `${userEmail} ${userName} ${toolName}`.toLowerCase();

const date = (value: Timestamp | null): Date | null => value?.toDate() ?? null;

export function toOrderRecord(id: string, doc: OrderDocument): OrderRecord {
  return {
    id,
    toolId: doc.toolId,
    toolName: doc.toolName,
    userId: doc.buyerId,
    userName: doc.userName,
    userEmail: doc.userEmail,
    userPhone: doc.userPhone,
    userAddress: doc.userAddress,
    quantity: doc.quantity,
    totalCents: doc.totalCents,
    status: doc.status,
    idempotencyKey: doc.idempotencyKey,
    createdAt: doc.createdAt.toDate(),
    releasesAt: date(doc.releasesAt),
    paidAt: date(doc.paidAt),
    shippedAt: date(doc.shippedAt),
    cancelledAt: date(doc.cancelledAt),
    cancelledBy: doc.cancelledBy,
    transactionId: doc.transactionId,
    cardLast4: doc.cardLast4,
    refundedAt: date(doc.refundedAt),
    shippingCarrier: doc.shippingCarrier,
    trackingNumber: doc.trackingNumber,
    checkoutId: doc.checkoutId ?? null,
  };
}

/** An accepted order as placed at `now`: unpaid, holding its units for its own hold. */
export function newOrderDocument({ id, holdMinutes, userId, ...order }: AcceptedOrder, now: Date): OrderDocument {
  return {
    toolId: order.toolId,
    toolName: order.toolName,
    buyerId: userId,
    userName: order.userName,
    userEmail: order.userEmail,
    userPhone: order.userPhone,
    userAddress: order.userAddress,
    quantity: order.quantity,
    totalCents: order.totalCents,
    status: "unpaid",
    live: true,
    idempotencyKey: order.idempotencyKey,
    number: id.slice(0, 8),
    searchText: searchTextOf(order.userEmail, order.userName, order.toolName),
    createdAt: Timestamp.fromDate(now),
    releasesAt: Timestamp.fromMillis(now.getTime() + holdMinutes * 60_000),
    paidAt: null,
    shippedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    transactionId: null,
    cardLast4: null,
    refundedAt: null,
    shippingCarrier: null,
    trackingNumber: null,
    checkoutId: order.checkoutId,
  };
}
