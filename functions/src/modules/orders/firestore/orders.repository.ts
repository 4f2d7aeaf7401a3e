import { AggregateField, FieldPath, FieldValue, type Firestore, type Query, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import type { FirestoreChange } from "../../../firestore/change.js";
import { isFirestoreUnavailable } from "../../../firestore/errors.js";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { Tx } from "../../../lib/change.js";
import type { AcceptedOrder, AdminOrdersView, OrderRecord, OrdersStore } from "../orders.store.js";
import {
  buyerRef,
  type CheckoutDocument,
  type CheckoutKeyDocument,
  checkoutKeyRef,
  checkoutRef,
  isDocumentId,
  keyRef,
  newCheckoutDocument,
  newOrderDocument,
  type OrderBuyerDocument,
  type OrderDocument,
  orderIdOf,
  type OrderKeyDocument,
  orderRef,
  ordersOf,
  searchTextOf,
  toCheckoutRecord,
  toOrderRecord,
} from "./orders.documents.js";

const ORDER_NUMBER = /^[0-9a-f]{8}$/;
/**
 * Orders one release change takes at most before the rest of a checkout it reached: up to 149 with
 * a checkout of 50 lines last. Each writes up to four documents (itself, its buyer's count, its
 * tool's stock, its buyer's e-mail), fewer for a checkout's (one count, one e-mail), so a change
 * makes about 600 writes at most, far below the 10 MiB of a commit request, and holds few tools
 * while their placements wait.
 */
const RELEASE_BATCH = 100;
/** Firestore's bound on the values of one `in` filter. */
const IN_VALUES = 30;
/** A search reads the listing in batches of this many and keeps the matches in memory. */
const SEARCH_BATCH = 500;
/** How many orders past its cursor one page of a search reads at most; a page that reaches it ends there. */
const SEARCH_SCAN = 5_000;

const recordOf = (snapshot: QueryDocumentSnapshot): OrderRecord => toOrderRecord(snapshot.id, snapshot.data() as OrderDocument);
const newestFirst = (a: OrderRecord, b: OrderRecord): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const chunks = <T>(values: T[], size: number): T[][] => Array.from({ length: Math.ceil(values.length / size) }, (_, i) => values.slice(i * size, (i + 1) * size));
const minutes = (count: number): number => count * 60_000;
/** An unpaid order placed on its own is one hold, and so are all the orders of an unpaid checkout. */
const holdOf = (order: Pick<OrderRecord, "id" | "checkoutId">): string => order.checkoutId ?? order.id;

/** How many holds each buyer's orders make. */
function holdsByBuyer(rows: Pick<OrderRecord, "id" | "checkoutId" | "userId">[]): Map<string, number> {
  const holds = new Map<string, Set<string>>();
  for (const row of rows) holds.set(row.userId, (holds.get(row.userId) ?? new Set()).add(holdOf(row)));
  return new Map([...holds].map(([buyerId, held]) => [buyerId, held.size]));
}

/**
 * The orders in Firestore (docs/firestore.md § orders, orderBuyers, orderKeys), on the instance's
 * clock. A lock is a read in the change's transaction, which holds the document until it commits.
 */
export function firestoreOrdersStore(db: Firestore): OrdersStore {
  const newestOf = (query: Query): Query => query.orderBy("createdAt", "desc").orderBy(FieldPath.documentId(), "desc");
  const listing = (status: AdminOrdersView["status"]): Query =>
    newestOf(status ? ordersOf(db).where("status", "==", status) : ordersOf(db).where("live", "==", true));

  /** The order as the change sees it, under its stored id; undefined when the id names none. */
  async function readOrder(change: FirestoreChange, given: string): Promise<{ id: string; before: OrderDocument } | undefined> {
    const id = orderIdOf(given);
    if (id === null) return undefined;
    const before = await change.get<OrderDocument>(orderRef(db, id));
    return before && { id, before };
  }

  /** The buyer's count as a placement reads it: a count below zero (a store that lost track) counts none. */
  const unpaidOf = (buyer: OrderBuyerDocument | undefined): number => Math.max(0, buyer?.unpaid ?? 0);

  /**
   * Every change that ends unpaid orders lowers their buyers' counts by an increment, without
   * reading them: it neither waits for a placement holding a buyer's document nor holds one, so it
   * cannot take a buyer and a tool in the other order than a placement does (tool, then buyers).
   * A checkout's orders end in one change together, so a checkout lowers its buyer's count once.
   */
  function lessUnpaid(change: FirestoreChange, rows: OrderRecord[]): void {
    for (const [buyerId, count] of holdsByBuyer(rows)) change.merge(buyerRef(db, buyerId), { unpaid: FieldValue.increment(-count) });
  }

  /** The orders of these ids as the change sees them, in the order given; an id naming none is left out. */
  async function readOrders(change: FirestoreChange, ids: string[]): Promise<{ id: string; before: OrderDocument }[]> {
    const named = [...new Set(ids.flatMap((id) => orderIdOf(id) ?? []))];
    // Read in id order (their lanes are entered in it), answered in the order asked.
    const inIdOrder = [...named].sort();
    const docs = await change.getAll<OrderDocument>(inIdOrder.map((id) => orderRef(db, id)));
    const byId = new Map(inIdOrder.flatMap((id, i) => (docs[i] ? [[id, docs[i]] as const] : [])));
    return named.flatMap((id) => {
      const before = byId.get(id);
      return before ? [{ id, before }] : [];
    });
  }

  /** A checkout's orders as the change sees them; none when the id names no checkout. */
  async function readCheckoutOrders(change: FirestoreChange, checkoutId: string): Promise<{ id: string; before: OrderDocument }[]> {
    const id = orderIdOf(checkoutId);
    const checkout = id === null ? undefined : await change.get<CheckoutDocument>(checkoutRef(db, id));
    return checkout ? readOrders(change, checkout.orderIds) : [];
  }

  /** Writes the order's new fields and returns it as it is now. */
  function rewrite(change: FirestoreChange, id: string, before: OrderDocument, fields: Partial<OrderDocument>): OrderRecord {
    const after = { ...before, ...fields };
    change.set(orderRef(db, id), after);
    return toOrderRecord(id, after);
  }

  /**
   * A search's matches on the text, from the listing past the cursor: batch after batch until the
   * page is full or `SEARCH_SCAN` orders were read. Also the last order it looked at (null when it
   * read to the end), past which it cannot say what matches.
   */
  async function searchText(listed: Query, q: string, limit: number): Promise<{ found: OrderRecord[]; frontier: OrderRecord | null }> {
    const found: OrderRecord[] = [];
    let last: QueryDocumentSnapshot | null = null;
    for (let scanned = 0; scanned < SEARCH_SCAN; ) {
      const batch = await (last ? listed.startAfter(last) : listed).limit(SEARCH_BATCH).get();
      for (const snapshot of batch.docs) {
        last = snapshot;
        if ((snapshot.get("searchText") as string).includes(q)) found.push(recordOf(snapshot));
        if (found.length === limit) return { found, frontier: recordOf(snapshot) };
      }
      if (batch.size < SEARCH_BATCH) return { found, frontier: null };
      scanned += batch.size;
    }
    return { found, frontier: last && recordOf(last) };
  }

  /** The order whose number the search is, when it is one and falls in the page's stretch of the listing. */
  async function byNumber(q: string, view: AdminOrdersView, after: OrderRecord | null, frontier: OrderRecord | null): Promise<OrderRecord[]> {
    if (!ORDER_NUMBER.test(q)) return [];
    const snapshot = await ordersOf(db).where("number", "==", q).get();
    return snapshot.docs
      .map(recordOf)
      .filter((row) => (view.status ? row.status === view.status : row.status !== "cancelled"))
      .filter((row) => (after === null || newestFirst(after, row) < 0) && (frontier === null || newestFirst(row, frontier) <= 0));
  }

  /**
   * Each keyed order claims `orderKeys/{buyer}_{key}` in the change. The claims were read in the
   * change (here or by `findUsedKeys`), so a key claimed already is skipped, and of two changes
   * claiming one key at once Firestore retries the second, which then finds it claimed. Each
   * buyer's count is read (held already by `lockBuyersAndCountUnpaid`) and written as a number.
   */
  const insertOrdersAt = async (tx: Tx, accepted: AcceptedOrder[], now: Date): Promise<OrderRecord[]> => {
    if (accepted.length === 0) return [];
    const change = inFirestore(tx);
    const keyed = accepted.filter((order) => order.idempotencyKey !== null);
    const claimRefs = keyed.map((order) => keyRef(db, order.userId, order.idempotencyKey!));
    const claims = await change.getAll(claimRefs);
    const claimed = new Set(claimRefs.filter((_, i) => claims[i] !== undefined).map((ref) => ref.path));
    const inserted: OrderRecord[] = [];
    for (const order of accepted) {
      if (order.idempotencyKey !== null) {
        const claim = keyRef(db, order.userId, order.idempotencyKey);
        if (claimed.has(claim.path)) continue;
        claimed.add(claim.path);
        change.set(claim, { buyerId: order.userId, orderId: order.id } satisfies OrderKeyDocument);
      }
      const doc = newOrderDocument(order, now);
      change.create(orderRef(db, order.id), doc);
      inserted.push(toOrderRecord(order.id, doc));
    }
    const delta = holdsByBuyer(inserted);
    const buyers = [...delta.keys()];
    const counts = await change.getAll<OrderBuyerDocument>(buyers.map((buyerId) => buyerRef(db, buyerId)));
    buyers.forEach((buyerId, i) => change.set(buyerRef(db, buyerId), { unpaid: unpaidOf(counts[i]) + delta.get(buyerId)! } satisfies OrderBuyerDocument));
    return inserted;
  };
  const insertOrders: OrdersStore["insertOrders"] = (tx, accepted) => insertOrdersAt(tx, accepted, new Date());

  return {
    async findLive(given) {
      const id = orderIdOf(given);
      if (id === null) return null;
      const snapshot = await orderRef(db, id).get();
      const doc = snapshot.data() as OrderDocument | undefined;
      return doc?.live ? toOrderRecord(id, doc) : null;
    },

    async lockLive(tx, given) {
      const order = await readOrder(inFirestore(tx), given);
      return order?.before.live ? toOrderRecord(order.id, order.before) : null;
    },

    /** `orderKeys` names the order, so neither read needs an index. */
    async findByIdempotencyKey(userId, key) {
      if (!isDocumentId(userId)) return null;
      const claim = (await keyRef(db, userId, key).get()).data() as OrderKeyDocument | undefined;
      if (!claim) return null;
      const doc = (await orderRef(db, claim.orderId).get()).data() as OrderDocument | undefined;
      return doc ? toOrderRecord(claim.orderId, doc) : null;
    },

    /** The keys' claims, read in the change: a claim another change is writing waits for it. */
    async findUsedKeys(tx, keys) {
      const named = keys.filter(({ buyerId }) => isDocumentId(buyerId));
      const claims = await inFirestore(tx).getAll(named.map(({ buyerId, idempotencyKey }) => keyRef(db, buyerId, idempotencyKey)));
      return named.filter((_, i) => claims[i] !== undefined);
    },

    /**
     * Reads each buyer's `orderBuyers` document in the change, in id order. Every placement that
     * inserts a buyer's order writes that document in the same change, so of two placements for one
     * buyer at once, Firestore retries the second, which then reads the first's count.
     */
    async lockBuyersAndCountUnpaid(tx, buyerIds) {
      const ids = [...new Set(buyerIds)].filter(isDocumentId).sort();
      const counts = (await inFirestore(tx).getAll<OrderBuyerDocument>(ids.map((buyerId) => buyerRef(db, buyerId)))).map(unpaidOf);
      return new Map(ids.flatMap((buyerId, i) => (counts[i]! > 0 ? [[buyerId, counts[i]!] as const] : [])));
    },

    /** One query per 30 buyers; the cancellations of the shop, few, are left out in memory. */
    async findCoolingDown(tx, toolId, buyerIds, holdMinutes) {
      const change = inFirestore(tx);
      const since = Timestamp.fromMillis(Date.now() - minutes(holdMinutes));
      const until = new Map<string, Date>();
      if (!isDocumentId(toolId)) return until;
      for (const chunk of chunks([...new Set(buyerIds)], IN_VALUES)) {
        const snapshot = await change.query(
          ordersOf(db).where("buyerId", "in", chunk).where("toolId", "==", toolId).where("status", "==", "cancelled").where("cancelledAt", ">", since),
        );
        for (const row of snapshot.docs.map(recordOf)) {
          if (row.cancelledBy !== "buyer" && row.cancelledBy !== "hold") continue;
          const end = new Date(row.cancelledAt!.getTime() + minutes(holdMinutes));
          if (end > (until.get(row.userId) ?? new Date(0))) until.set(row.userId, end);
        }
      }
      return until;
    },

    insertOrders,

    /**
     * `checkoutKeys/{buyer}_{key}` is read in the change and claimed with the checkout, as an order's
     * key is: of two changes claiming one key at once, Firestore retries the second, which then finds it.
     */
    async insertCheckout(tx, checkout, accepted) {
      const change = inFirestore(tx);
      const claim = checkout.idempotencyKey === null ? null : checkoutKeyRef(db, checkout.userId, checkout.idempotencyKey);
      if (claim) {
        if (await change.get(claim)) return null;
        change.set(claim, { buyerId: checkout.userId, checkoutId: checkout.id } satisfies CheckoutKeyDocument);
      }
      // One clock reading for the checkout and its orders, so its hold is measured from when it was placed.
      const now = new Date();
      const doc = newCheckoutDocument(checkout, now);
      change.create(checkoutRef(db, checkout.id), doc);
      const orders = await insertOrdersAt(tx, accepted, now);
      return { checkout: toCheckoutRecord(checkout.id, doc), orders };
    },

    async findCheckout(given) {
      const id = orderIdOf(given);
      if (id === null) return null;
      const snapshot = await checkoutRef(db, id).get();
      return snapshot.exists ? toCheckoutRecord(id, snapshot.data() as CheckoutDocument) : null;
    },

    async lockCheckout(tx, given) {
      const id = orderIdOf(given);
      if (id === null) return null;
      const doc = await inFirestore(tx).get<CheckoutDocument>(checkoutRef(db, id));
      return doc ? toCheckoutRecord(id, doc) : null;
    },

    async findCheckoutByIdempotencyKey(userId, key) {
      if (!isDocumentId(userId)) return null;
      const claim = (await checkoutKeyRef(db, userId, key).get()).data() as CheckoutKeyDocument | undefined;
      if (!claim) return null;
      const snapshot = await checkoutRef(db, claim.checkoutId).get();
      return snapshot.exists ? toCheckoutRecord(claim.checkoutId, snapshot.data() as CheckoutDocument) : null;
    },

    async findOrders(ids) {
      const named = ids.flatMap((id) => orderIdOf(id) ?? []);
      if (named.length === 0) return [];
      const snapshots = await db.getAll(...named.map((id) => orderRef(db, id)));
      return snapshots.flatMap((snapshot) => (snapshot.exists ? [toOrderRecord(snapshot.id, snapshot.data() as OrderDocument)] : []));
    },

    async lockOrders(tx, ids) {
      return (await readOrders(inFirestore(tx), ids)).map(({ id, before }) => toOrderRecord(id, before));
    },

    async markCheckoutPaid(tx, checkoutId, transactionId, cardLast4) {
      const change = inFirestore(tx);
      const orders = await readCheckoutOrders(change, checkoutId);
      if (orders.length === 0 || orders.some(({ before }) => before.status !== "unpaid")) return null;
      const paidAt = Timestamp.now();
      const rows = orders.map(({ id, before }) => rewrite(change, id, before, { status: "paid", paidAt, transactionId, cardLast4 }));
      lessUnpaid(change, rows);
      return rows;
    },

    async markCheckoutCancelled(tx, checkoutId, by) {
      const change = inFirestore(tx);
      const cancelledAt = Timestamp.now();
      const rows = (await readCheckoutOrders(change, checkoutId))
        .filter(({ before }) => before.status === "unpaid")
        .map(({ id, before }) => rewrite(change, id, before, { status: "cancelled", live: false, cancelledAt, cancelledBy: by }));
      lessUnpaid(change, rows);
      return rows;
    },

    /** `userEmail, live, createdAt desc`. */
    async listLiveByEmail(email) {
      const snapshot = await newestOf(ordersOf(db).where("userEmail", "==", email.trim().toLowerCase()).where("live", "==", true)).get();
      return snapshot.docs.map(recordOf);
    },

    /**
     * The listing is `live, createdAt desc` or `status, createdAt desc`. Firestore cannot look for a
     * substring, so a search reads that listing past the cursor in batches and keeps the orders whose
     * `searchText` holds it: at most `SEARCH_SCAN` orders a page, and a page that reaches the bound
     * ends there. An order number is the `number` field's equality, merged in where it falls.
     */
    async listForAdmin(view) {
      let listed = listing(view.status);
      let after: OrderRecord | null = null;
      if (view.afterId !== null) {
        const afterId = orderIdOf(view.afterId);
        if (afterId === null) return [];
        const cursor = await orderRef(db, afterId).get();
        if (!cursor.exists) return [];
        listed = listed.startAfter(cursor);
        after = toOrderRecord(cursor.id, cursor.data() as OrderDocument);
      }
      if (!view.q) return (await listed.limit(view.limit).get()).docs.map(recordOf);
      const { found, frontier } = await searchText(listed, view.q, view.limit);
      const numbered = (await byNumber(view.q, view, after, frontier)).filter((row) => !found.some((f) => f.id === row.id));
      return [...found, ...numbered].sort(newestFirst).slice(0, view.limit);
    },

    async listLive(limit) {
      return (await listing(null).limit(limit).get()).docs.map(recordOf);
    },

    /** Aggregations: the takings on `status, paidAt, totalCents`, the orders awaiting shipment on `status`. */
    async figures(since) {
      const takings = async (start: Date): Promise<number> => {
        const paid = ordersOf(db).where("status", "in", ["paid", "shipped"]).where("paidAt", ">=", Timestamp.fromDate(start));
        const snapshot = await paid.aggregate({ cents: AggregateField.sum("totalCents") }).get();
        return snapshot.data().cents ?? 0;
      };
      const [revenueTodayCents, revenueWeekCents, awaiting] = await Promise.all([
        takings(since.today),
        takings(since.week),
        ordersOf(db).where("status", "==", "paid").count().get(),
      ]);
      return { revenueTodayCents, revenueWeekCents, awaitingShipment: awaiting.data().count };
    },

    async markCancelled(tx, given, by) {
      const change = inFirestore(tx);
      const order = await readOrder(change, given);
      if (!order) return;
      const row = rewrite(change, order.id, order.before, { status: "cancelled", live: false, cancelledAt: Timestamp.now(), cancelledBy: by });
      if (order.before.status === "unpaid") lessUnpaid(change, [row]);
    },

    releaseBatch: RELEASE_BATCH,

    /**
     * Firestore cannot pass over a document another transaction holds: the candidates are read
     * outside the change (`status, releasesAt`, the earliest end of hold first), then each is read
     * in it, which waits for a payment or cancellation holding it, and is cancelled only if it is
     * still unpaid and past its hold.
     */
    async cancelUnpaidPastHold(tx, limit) {
      const change = inFirestore(tx);
      const now = Timestamp.now();
      const candidates = await ordersOf(db).where("status", "==", "unpaid").where("releasesAt", "<=", now).orderBy("releasesAt").limit(limit).get();
      // A checkout's orders share one hold and are released together, so its buyer's count falls once.
      const ids: string[] = [];
      for (const snapshot of candidates.docs) {
        if (ids.length >= limit) break;
        if (ids.includes(snapshot.id)) continue;
        const checkoutId = (snapshot.data() as OrderDocument).checkoutId ?? null;
        const checkout = checkoutId === null ? undefined : await change.get<CheckoutDocument>(checkoutRef(db, checkoutId));
        ids.push(...(checkout ? checkout.orderIds.filter((id) => !ids.includes(id)) : [snapshot.id]));
      }
      const released = (await readOrders(change, ids)).flatMap(({ id, before }) => {
        if (before.status !== "unpaid" || before.releasesAt === null || before.releasesAt.toMillis() > now.toMillis()) return [];
        return [rewrite(change, id, before, { status: "cancelled", live: false, cancelledAt: now, cancelledBy: "hold" })];
      });
      lessUnpaid(change, released);
      return released;
    },

    async markShipped(tx, given, { carrier, trackingNumber }) {
      const change = inFirestore(tx);
      const order = await readOrder(change, given);
      if (order?.before.status !== "paid") return null;
      return rewrite(change, order.id, order.before, { status: "shipped", shippedAt: Timestamp.now(), shippingCarrier: carrier, trackingNumber });
    },

    async lockForPayment(tx, given) {
      const order = await readOrder(inFirestore(tx), given);
      return order ? toOrderRecord(order.id, order.before) : null;
    },

    async markPaid(tx, given, transactionId, cardLast4) {
      const change = inFirestore(tx);
      const order = await readOrder(change, given);
      if (order?.before.status !== "unpaid") return null;
      const row = rewrite(change, order.id, order.before, { status: "paid", paidAt: Timestamp.now(), transactionId, cardLast4 });
      lessUnpaid(change, [row]);
      return row;
    },

    async recordCard(tx, given, transactionId, cardLast4) {
      const change = inFirestore(tx);
      const order = await readOrder(change, given);
      if (!order || order.before.transactionId !== transactionId || order.before.cardLast4 !== null) return null;
      return { userEmail: rewrite(change, order.id, order.before, { cardLast4 }).userEmail };
    },

    async markRefunded(tx, given) {
      const change = inFirestore(tx);
      const order = await readOrder(change, given);
      if (order?.before.status !== "paid") return null;
      return rewrite(change, order.id, order.before, { status: "refunded", refundedAt: Timestamp.now() });
    },

    /** The buyer's orders by `buyerId` (single field), read in the change, which holds them. */
    async moveBuyerToEmail(tx, userId, email) {
      if (!isDocumentId(userId)) return;
      const change = inFirestore(tx);
      const snapshot = await change.query(ordersOf(db).where("buyerId", "==", userId));
      for (const order of snapshot.docs) {
        const before = order.data() as OrderDocument;
        rewrite(change, order.id, before, { userEmail: email, searchText: searchTextOf(email, before.userName, before.toolName) });
      }
      const placed = await change.query(db.collection("checkouts").where("buyerId", "==", userId));
      for (const checkout of placed.docs) change.update(checkout.ref, { userEmail: email });
    },

    isUnavailable: isFirestoreUnavailable,
  };
}
