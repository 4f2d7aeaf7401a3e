import { randomUUID } from "node:crypto";
import { type Firestore, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import { connectDatabase, type DatabaseHandle } from "../../../src/db/client.js";
import { connectFirestore } from "../../../src/firestore/client.js";
import { outboxId } from "../../../src/modules/mail/firestore/mail.documents.js";
import type { OrderDocument } from "../../../src/modules/orders/firestore/orders.documents.js";
import type { OrderCanceller, OrderStatus } from "../../../src/modules/orders/orders.store.js";
import type { ToolDocument } from "../../../src/modules/tools/firestore/tool-documents.js";
import type { UserDocument } from "../../../src/modules/users/firestore/users.documents.js";
import type { WishDocument } from "../../../src/modules/wishes/firestore/wishes.documents.js";
import { wishKey } from "../../../src/modules/wishes/wish-key.js";
import { firestoreStores } from "../../../src/stores/firestore.js";
import { postgresStores, type Stores } from "../../../src/stores/postgres.js";
import { seedingWriter } from "../seeding-writer.js";
import type { StoreKind, TestStores } from "../stores.js";

// What the security, validation and platform tests look at or change of stored data that no port
// exposes, on either store. Times are the store's clock: the database's on PostgreSQL, the
// instance's on Firestore.

/** The data behind an API: a TestApi, or the stores of a server the test started itself. */
export interface StoredData {
  readonly storeKind: StoreKind;
  readonly database: DatabaseHandle;
  readonly firestore: Firestore;
}

/** The data behind stores a test made with createTestStores(). */
export const storedDataOf = (stores: TestStores): StoredData => ({
  storeKind: stores.kind,
  get database() {
    if (!stores.postgres) throw new Error("these stores are Firestore's");
    return stores.postgres;
  },
  get firestore() {
    if (!stores.firestore) throw new Error("these stores are PostgreSQL's");
    return stores.firestore;
  },
});

const onFirestore = (data: StoredData) => data.storeKind === "firestore";

// ——— Rate limits ———

/** Seconds left in the current minute's window of the rate limits, by the clock that cuts them. */
export async function secondsLeftInWindow(data: StoredData): Promise<number> {
  if (onFirestore(data)) return 60 - ((Date.now() / 1000) % 60);
  const { rows } = await data.database.pool.query<{ left: string }>("select 60 - mod(extract(epoch from now())::numeric, 60) as left");
  return Number(rows[0]!.left);
}

/**
 * Waits for the next window when fewer than 10 seconds are left in this one, so a test that counts
 * to a limit is not handed a fresh budget halfway.
 */
export async function awayFromWindowEdge(data: StoredData): Promise<void> {
  const left = await secondsLeftInWindow(data);
  if (left < 10) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
}

/** Forgets every rate-limit count. */
export async function clearRateLimits(data: StoredData): Promise<void> {
  if (onFirestore(data)) await data.firestore.recursiveDelete(data.firestore.collection("rateLimits"));
  else await data.database.pool.query("delete from rate_limit_counters");
}

/** Counts keys `ip:seed {from}` … `ip:seed {to}` once in the current window, as many visitors would. */
export async function seedRateLimitKeys(data: StoredData, from: number, to: number): Promise<void> {
  if (onFirestore(data)) {
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    const writer = seedingWriter(data.firestore);
    // Each key's first slot of the window, as firestore/rate-limit-counter.ts takes it.
    for (let n = from; n <= to; n += 1) {
      const key = `ip:seed ${n}`;
      void writer.set(data.firestore.collection("rateLimits").doc(`${windowStart}_${encodeURIComponent(key)}_1`), {
        key,
        windowStart: Timestamp.fromMillis(windowStart),
        slot: 1,
        expiresAt: Timestamp.fromMillis(windowStart + 120_000),
      });
    }
    await writer.close();
    return;
  }
  await data.database.pool.query(
    `insert into rate_limit_counters (window_start, key, count)
     select to_timestamp(floor(extract(epoch from now()) / 60) * 60), 'ip:seed ' || n, 1 from generate_series($1::int, $2::int) as n
     on conflict do nothing`,
    [from, to],
  );
}

// ——— Orders ———

export interface StoredOrder {
  id: string;
  status: OrderStatus;
  cancelledBy: OrderCanceller | null;
  cancelledAt: Date | null;
}

/** Every order of a buyer, cancelled ones too. */
export async function ordersOfBuyer(data: StoredData, buyerId: string): Promise<StoredOrder[]> {
  if (onFirestore(data)) {
    const snapshot = await data.firestore.collection("orders").where("buyerId", "==", buyerId).get();
    return snapshot.docs.map((doc) => {
      const order = doc.data() as OrderDocument;
      return { id: doc.id, status: order.status, cancelledBy: order.cancelledBy, cancelledAt: order.cancelledAt?.toDate() ?? null };
    });
  }
  const { rows } = await data.database.pool.query<StoredOrder>(
    `select id, status, cancelled_by as "cancelledBy", cancelled_at as "cancelledAt" from orders where user_id = $1`,
    [buyerId],
  );
  return rows;
}

/** The order, cancelled or not. */
export async function storedOrder(data: StoredData, orderId: string): Promise<StoredOrder> {
  if (onFirestore(data)) {
    const order = (await data.firestore.collection("orders").doc(orderId).get()).data() as OrderDocument;
    return { id: orderId, status: order.status, cancelledBy: order.cancelledBy, cancelledAt: order.cancelledAt?.toDate() ?? null };
  }
  const { rows } = await data.database.pool.query<StoredOrder>(
    `select id, status, cancelled_by as "cancelledBy", cancelled_at as "cancelledAt" from orders where id = $1`,
    [orderId],
  );
  return rows[0]!;
}

/** Ends an unpaid order's hold a second ago, so the release job finds it due. */
export async function endHoldNow(data: StoredData, orderId: string): Promise<void> {
  if (onFirestore(data)) await data.firestore.collection("orders").doc(orderId).update({ releasesAt: Timestamp.fromMillis(Date.now() - 1000) });
  else await data.database.pool.query("update orders set releases_at = now() - interval '1 second' where id = $1", [orderId]);
}

/** Moves a cancelled order's cancellation to `ms` before now. */
export async function cancelledMsAgo(data: StoredData, orderId: string, ms: number): Promise<void> {
  if (onFirestore(data)) await data.firestore.collection("orders").doc(orderId).update({ cancelledAt: Timestamp.fromMillis(Date.now() - ms) });
  else await data.database.pool.query("update orders set cancelled_at = now() - make_interval(secs => $2::double precision / 1000) where id = $1", [orderId, ms]);
}

/** Records a paid order as paid at `at`. */
export async function paidAt(data: StoredData, orderId: string, at: Date): Promise<void> {
  if (onFirestore(data)) await data.firestore.collection("orders").doc(orderId).update({ paidAt: Timestamp.fromDate(at) });
  else await data.database.pool.query("update orders set paid_at = $2 where id = $1", [orderId, at]);
}

// ——— Mail ———

export interface StoredMessage {
  sentAt: Date | null;
  lastError: string | null;
}

/** The outbox's messages of these events, as stored; an event without one is left out. */
export async function outboxMessagesOf(data: StoredData, eventKeys: string[]): Promise<StoredMessage[]> {
  if (onFirestore(data)) {
    const refs = eventKeys.map((key) => data.firestore.collection("outbox").doc(outboxId(key)));
    const snapshots = refs.length === 0 ? [] : await data.firestore.getAll(...refs);
    return snapshots.filter((doc) => doc.exists).map((doc) => ({ sentAt: doc.get("sentAt")?.toDate() ?? null, lastError: doc.get("lastError") as string | null }));
  }
  const { rows } = await data.database.pool.query<StoredMessage>(
    `select sent_at as "sentAt", last_error as "lastError" from outbox where event_key = any($1::text[])`,
    [eventKeys],
  );
  return rows;
}

// ——— Whole lists ———

export type ListName = "tools" | "orders" | "users" | "wishes";

/** The tool and the buyer that seeded orders and wishes name. */
export interface SeedOwner {
  toolId: string;
  buyer: { id: string; name: string; email: string };
}

/** Seeded accounts' addresses end in this domain, so taking some off a list finds only them. */
export const SEEDED_DOMAIN = "whole-lists.test";

/** How many items a whole list holds right now, counted as the list reads them. */
export async function listSize(data: StoredData, list: ListName): Promise<number> {
  if (onFirestore(data)) {
    const db = data.firestore;
    const query = {
      tools: () => db.collection("tools").where("deletedAt", "==", null),
      orders: () => db.collection("orders").where("live", "==", true),
      users: () => db.collection("users").where("removedAt", "==", null),
      wishes: () => db.collection("wishes"),
    }[list]();
    return (await query.count().get()).data().count;
  }
  const sql = {
    tools: "select count(*)::int as n from tools where deleted_at is null",
    orders: "select count(*)::int as n from orders where status <> 'cancelled'",
    users: "select count(*)::int as n from users where removed_at is null",
    wishes: "select count(*)::int as n from wishes",
  }[list];
  return (await data.database.pool.query<{ n: number }>(sql)).rows[0]!.n;
}

/** Writes documents in bulk, each made from its position; `n` of them. */
async function writeMany(db: Firestore, collection: string, n: number, documentOf: (i: number) => object): Promise<void> {
  const writer = seedingWriter(db);
  for (let i = 0; i < n; i += 1) void writer.create(db.collection(collection).doc(randomUUID()), documentOf(i));
  await writer.close();
}

const orderDocument = (owner: SeedOwner, id: string, createdAt: Timestamp, status: "paid" | "cancelled"): OrderDocument => {
  const now = Timestamp.now();
  return {
    toolId: owner.toolId,
    toolName: "Torque Wrench",
    buyerId: owner.buyer.id,
    userName: owner.buyer.name,
    userEmail: owner.buyer.email,
    userPhone: "+1 555 0100",
    userAddress: "12 Harbour Road, Springfield",
    quantity: 1,
    totalCents: 2599,
    status,
    live: status !== "cancelled",
    idempotencyKey: null,
    number: id.slice(0, 8),
    searchText: `${owner.buyer.email} ${owner.buyer.name} torque wrench`.toLowerCase(),
    createdAt,
    releasesAt: null,
    paidAt: status === "paid" ? now : null,
    shippedAt: null,
    cancelledAt: status === "cancelled" ? now : null,
    cancelledBy: status === "cancelled" ? "shop" : null,
    transactionId: null,
    cardLast4: null,
    refundedAt: null,
    shippingCarrier: null,
    trackingNumber: null,
  };
};

/** Writes `n` orders of the owner's in one go, each newer than the last. */
async function addOrders(data: StoredData, owner: SeedOwner, n: number, status: "paid" | "cancelled"): Promise<void> {
  if (onFirestore(data)) {
    const start = Date.now();
    const writer = seedingWriter(data.firestore);
    for (let i = 0; i < n; i += 1) {
      const id = randomUUID();
      void writer.create(data.firestore.collection("orders").doc(id), orderDocument(owner, id, Timestamp.fromMillis(start + i), status));
    }
    await writer.close();
    return;
  }
  const { toolId, buyer } = owner;
  const statusValues = status === "paid" ? "'paid', now(), null, null" : "'cancelled', null, now(), 'shop'";
  await data.database.pool.query(
    `insert into orders (tool_id, tool_name, user_id, user_name, user_email, user_phone, user_address, quantity, total_cents, status, paid_at, cancelled_at, cancelled_by, created_at)
     select $1, 'Torque Wrench', $2, $3, $4, '+1 555 0100', '12 Harbour Road, Springfield', 1, 2599, ${statusValues}, clock_timestamp()
     from generate_series(1, $5::int) as i`,
    [toolId, buyer.id, buyer.name, buyer.email, n],
  );
}

/** Adds `n` cancelled orders of the owner's, which no whole list shows. */
export const addCancelledOrders = (data: StoredData, owner: SeedOwner, n: number) => addOrders(data, owner, n, "cancelled");

/** Adds `n` items to a list in one go, each newer than the last. */
export async function addToList(data: StoredData, owner: SeedOwner, list: ListName, n: number): Promise<void> {
  if (list === "orders") return addOrders(data, owner, n, "paid");
  if (onFirestore(data)) {
    const db = data.firestore;
    const start = Date.now();
    const at = (i: number) => Timestamp.fromMillis(start + i);
    if (list === "tools") {
      return writeMany(db, "tools", n, (i): ToolDocument => ({
        name: `Seeded Spanner ${i + 1}`,
        nameLower: `seeded spanner ${i + 1}`,
        img: "/images/tools/spanner.svg",
        unitPriceCents: 1999,
        description: "A seeded spanner.",
        minOrderQuantity: 1,
        stock: 10,
        lowStock: false,
        ledgerSeq: 0,
        words: ["seeded", "spanner", String(i + 1), "a"],
        createdAt: at(i),
        updatedAt: null,
        deletedAt: null,
        changedAt: at(i),
      }));
    }
    // Seeded accounts are listed, not signed in: their address and uid claims are left out.
    if (list === "users") {
      return writeMany(db, "users", n, (i): UserDocument => ({
        firebaseUid: `seeded-${randomUUID()}`,
        email: `seeded-${randomUUID()}@${SEEDED_DOMAIN}`,
        name: "Seeded Buyer",
        role: "buyer",
        education: "",
        location: "",
        number: "",
        linkIn: "",
        createdAt: at(i),
        updatedAt: at(i),
        removedAt: null,
      }));
    }
    // Seeded wishes are listed whole, not grouped: their groups are left out.
    return writeMany(db, "wishes", n, (i): WishDocument => ({
      wisherId: owner.buyer.id,
      userName: owner.buyer.name,
      name: "Tile saw",
      nameKey: wishKey("Tile saw"),
      priceCents: 12000,
      details: "A wet tile saw.",
      createdAt: at(i),
      status: "open",
      toolId: null,
      resolvedAt: null,
    }));
  }
  const sql = {
    tools: `insert into tools (name, img, price_cents, description, moq, aq, created_at)
      select 'Seeded Spanner ' || i, '/images/tools/spanner.svg', 1999, 'A seeded spanner.', 1, 10, clock_timestamp()
      from generate_series(1, $1::int) as i`,
    users: `insert into users (firebase_uid, email, name, created_at)
      select 'seeded-' || gen_random_uuid(), 'seeded-' || gen_random_uuid() || '@${SEEDED_DOMAIN}', 'Seeded Buyer', clock_timestamp()
      from generate_series(1, $1::int) as i`,
    wishes: `insert into wishes (user_id, user_name, name, price_cents, details, created_at)
      select $2, $3, 'Tile saw', 12000, 'A wet tile saw.', clock_timestamp()
      from generate_series(1, $1::int) as i`,
  }[list];
  await data.database.pool.query(sql, list === "wishes" ? [n, owner.buyer.id, owner.buyer.name] : [n]);
}

/** Takes the newest `n` seeded items off a list, as a deletion, cancellation or removal would. */
export async function takeFromList(data: StoredData, list: ListName, n: number): Promise<void> {
  if (onFirestore(data)) {
    const db = data.firestore;
    const now = Timestamp.now();
    const newest = {
      tools: () => db.collection("tools").where("deletedAt", "==", null).orderBy("createdAt", "desc"),
      orders: () => db.collection("orders").where("status", "==", "paid").orderBy("createdAt", "desc"),
      users: () => db.collection("users").where("removedAt", "==", null).orderBy("createdAt", "desc"),
      wishes: () => db.collection("wishes").orderBy("createdAt", "desc"),
    }[list]();
    const seeded = {
      tools: (doc: QueryDocumentSnapshot) => String(doc.get("name")).startsWith("Seeded "),
      orders: () => true,
      users: (doc: QueryDocumentSnapshot) => String(doc.get("email")).endsWith(`@${SEEDED_DOMAIN}`),
      wishes: () => true,
    }[list];
    const taken = (await newest.get()).docs.filter(seeded).slice(0, n);
    const writer = seedingWriter(db);
    for (const doc of taken) {
      if (list === "tools") void writer.update(doc.ref, { deletedAt: now, changedAt: now });
      if (list === "orders") void writer.update(doc.ref, { status: "cancelled", live: false, cancelledAt: now, cancelledBy: "shop" });
      if (list === "users") void writer.update(doc.ref, { removedAt: now });
      if (list === "wishes") void writer.delete(doc.ref);
    }
    await writer.close();
    return;
  }
  const sql = {
    tools: `update tools set deleted_at = now() where id in
      (select id from tools where deleted_at is null and name like 'Seeded %' order by created_at desc limit $1)`,
    orders: `update orders set status = 'cancelled', cancelled_at = now(), cancelled_by = 'shop' where id in
      (select id from orders where status = 'paid' order by created_at desc limit $1)`,
    users: `update users set removed_at = now() where id in
      (select id from users where removed_at is null and email like '%@${SEEDED_DOMAIN}' order by created_at desc limit $1)`,
    wishes: "delete from wishes where id in (select id from wishes order by created_at desc limit $1)",
  }[list];
  await data.database.pool.query(sql, [n]);
}

// ——— An unreachable store ———

/**
 * Stores of the test's kind that nothing answers for: PostgreSQL at a port nothing listens on, or
 * Firestore through an emulator address nothing listens on (the SDK reads the address from
 * FIRESTORE_EMULATOR_HOST when it is set up, so it is pointed there for that moment).
 */
export function unreachableStores(kind: StoreKind, port = 1): { stores: Stores; close(): Promise<void> } {
  if (kind === "firestore") {
    const host = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
    try {
      const firestore = connectFirestore({ projectId: `demo-toolshop-unreachable-${randomUUID().slice(0, 8)}` });
      return { stores: firestoreStores(firestore.db), close: firestore.close };
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = host;
    }
  }
  const database = connectDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, poolMax: 1 });
  return { stores: postgresStores(database.db), close: database.close };
}

// ——— A store that fails unexpectedly ———

/**
 * Makes every read of a list fail unexpectedly, as a store in a state the code does not know
 * would: on PostgreSQL its table is renamed away; on Firestore a document whose `createdAt` is not
 * a time joins the list. Returns what puts it back.
 */
export async function breakList(data: StoredData, list: "reviews" | "wishes"): Promise<() => Promise<void>> {
  if (onFirestore(data)) {
    const broken = data.firestore.collection(list).doc(randomUUID());
    const fields = list === "reviews" ? { shown: true, rating: 5, review: "Broken", userName: "Broken" } : { name: "Broken", status: "open" };
    await broken.set({ ...fields, createdAt: "not a time" });
    return async () => {
      await broken.delete();
    };
  }
  await data.database.pool.query(`alter table ${list} rename to ${list}_away`);
  return async () => {
    await data.database.pool.query(`alter table ${list}_away rename to ${list}`);
  };
}
