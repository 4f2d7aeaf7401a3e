import { readFileSync } from "node:fs";
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import {
  arrayUnion,
  collection,
  type DocumentData,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  increment,
  limit,
  orderBy,
  type Query,
  type QueryConstraint,
  query,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// firestore.rules, against the emulator that run-tests.mjs starts: every collection of
// docs/firestore.md × every kind of caller × every operation, each allowed or refused as the table
// below says; then the writes an admin's client could try, every one refused (the API makes them,
// with their audit entries), and the reads beyond the table.

type Data = DocumentData;

const ACTORS = ["visitor", "buyer", "otherBuyer", "admin", "removed"] as const;
type Actor = (typeof ACTORS)[number];
const OPERATIONS = ["get", "list", "create", "update", "delete"] as const;
type Operation = (typeof OPERATIONS)[number];

const COLLECTIONS = [
  "tools",
  "stockMovements",
  "users",
  "userEmails",
  "userUids",
  "orders",
  "orderBuyers",
  "orderKeys",
  "checkouts",
  "checkoutKeys",
  "payments",
  "orderPayments",
  "paymentAttempts",
  "partialRefunds",
  "paymentEvents",
  "sandboxIntents",
  "sandboxIntentKeys",
  "reviews",
  "reviewAuthors",
  "wishes",
  "wishGroups",
  "wishers",
  "carts",
  "auditLog",
  "counters",
  "outbox",
  "verifiedMailAddresses",
  "rateLimits",
] as const;
type Collection = (typeof COLLECTIONS)[number];

/**
 * Who may do what. `get`, `update` and `delete` aim at the caller's own document where the collection
 * has owners (another buyer aims at the buyer's, a visitor and an admin too), else at a shared one;
 * `list` asks what the caller's screen would ask: its own documents, what is public, or, for an
 * admin, the whole collection. `create` makes a new document; `update` is the change a client would
 * try, for tools and reviews an admin's edit and take-down, stamped with who and when.
 */
const MATRIX = `
  collection              op       visitor  buyer  otherBuyer  admin  removed
  tools                   get      allow    allow  allow       allow  allow
  tools                   list     allow    allow  allow       allow  allow
  tools                   create   deny     deny   deny        deny   deny
  tools                   update   deny     deny   deny        deny   deny
  tools                   delete   deny     deny   deny        deny   deny
  stockMovements          get      deny     deny   deny        allow  deny
  stockMovements          list     deny     deny   deny        allow  deny
  stockMovements          create   deny     deny   deny        deny   deny
  stockMovements          update   deny     deny   deny        deny   deny
  stockMovements          delete   deny     deny   deny        deny   deny
  users                   get      deny     allow  deny        allow  deny
  users                   list     deny     deny   deny        allow  deny
  users                   create   deny     deny   deny        deny   deny
  users                   update   deny     deny   deny        deny   deny
  users                   delete   deny     deny   deny        deny   deny
  userEmails              get      deny     deny   deny        deny   deny
  userEmails              list     deny     deny   deny        deny   deny
  userEmails              create   deny     deny   deny        deny   deny
  userEmails              update   deny     deny   deny        deny   deny
  userEmails              delete   deny     deny   deny        deny   deny
  userUids                get      deny     deny   deny        deny   deny
  userUids                list     deny     deny   deny        deny   deny
  userUids                create   deny     deny   deny        deny   deny
  userUids                update   deny     deny   deny        deny   deny
  userUids                delete   deny     deny   deny        deny   deny
  orders                  get      deny     allow  deny        allow  deny
  orders                  list     deny     allow  deny        allow  deny
  orders                  create   deny     deny   deny        deny   deny
  orders                  update   deny     deny   deny        deny   deny
  orders                  delete   deny     deny   deny        deny   deny
  orderBuyers             get      deny     deny   deny        deny   deny
  orderBuyers             list     deny     deny   deny        deny   deny
  orderBuyers             create   deny     deny   deny        deny   deny
  orderBuyers             update   deny     deny   deny        deny   deny
  orderBuyers             delete   deny     deny   deny        deny   deny
  orderKeys               get      deny     deny   deny        deny   deny
  orderKeys               list     deny     deny   deny        deny   deny
  orderKeys               create   deny     deny   deny        deny   deny
  orderKeys               update   deny     deny   deny        deny   deny
  orderKeys               delete   deny     deny   deny        deny   deny
  checkouts               get      deny     deny   deny        deny   deny
  checkouts               list     deny     deny   deny        deny   deny
  checkouts               create   deny     deny   deny        deny   deny
  checkouts               update   deny     deny   deny        deny   deny
  checkouts               delete   deny     deny   deny        deny   deny
  checkoutKeys            get      deny     deny   deny        deny   deny
  checkoutKeys            list     deny     deny   deny        deny   deny
  checkoutKeys            create   deny     deny   deny        deny   deny
  checkoutKeys            update   deny     deny   deny        deny   deny
  checkoutKeys            delete   deny     deny   deny        deny   deny
  payments                get      deny     deny   deny        deny   deny
  payments                list     deny     deny   deny        deny   deny
  payments                create   deny     deny   deny        deny   deny
  payments                update   deny     deny   deny        deny   deny
  payments                delete   deny     deny   deny        deny   deny
  orderPayments           get      deny     deny   deny        deny   deny
  orderPayments           list     deny     deny   deny        deny   deny
  orderPayments           create   deny     deny   deny        deny   deny
  orderPayments           update   deny     deny   deny        deny   deny
  orderPayments           delete   deny     deny   deny        deny   deny
  paymentAttempts         get      deny     deny   deny        deny   deny
  paymentAttempts         list     deny     deny   deny        deny   deny
  paymentAttempts         create   deny     deny   deny        deny   deny
  paymentAttempts         update   deny     deny   deny        deny   deny
  paymentAttempts         delete   deny     deny   deny        deny   deny
  partialRefunds          get      deny     deny   deny        deny   deny
  partialRefunds          list     deny     deny   deny        deny   deny
  partialRefunds          create   deny     deny   deny        deny   deny
  partialRefunds          update   deny     deny   deny        deny   deny
  partialRefunds          delete   deny     deny   deny        deny   deny
  paymentEvents           get      deny     deny   deny        deny   deny
  paymentEvents           list     deny     deny   deny        deny   deny
  paymentEvents           create   deny     deny   deny        deny   deny
  paymentEvents           update   deny     deny   deny        deny   deny
  paymentEvents           delete   deny     deny   deny        deny   deny
  sandboxIntents          get      deny     deny   deny        deny   deny
  sandboxIntents          list     deny     deny   deny        deny   deny
  sandboxIntents          create   deny     deny   deny        deny   deny
  sandboxIntents          update   deny     deny   deny        deny   deny
  sandboxIntents          delete   deny     deny   deny        deny   deny
  sandboxIntentKeys       get      deny     deny   deny        deny   deny
  sandboxIntentKeys       list     deny     deny   deny        deny   deny
  sandboxIntentKeys       create   deny     deny   deny        deny   deny
  sandboxIntentKeys       update   deny     deny   deny        deny   deny
  sandboxIntentKeys       delete   deny     deny   deny        deny   deny
  reviews                 get      allow    allow  allow       allow  allow
  reviews                 list     allow    allow  allow       allow  allow
  reviews                 create   deny     deny   deny        deny   deny
  reviews                 update   deny     deny   deny        deny   deny
  reviews                 delete   deny     deny   deny        deny   deny
  reviewAuthors           get      deny     deny   deny        deny   deny
  reviewAuthors           list     deny     deny   deny        deny   deny
  reviewAuthors           create   deny     deny   deny        deny   deny
  reviewAuthors           update   deny     deny   deny        deny   deny
  reviewAuthors           delete   deny     deny   deny        deny   deny
  wishes                  get      deny     allow  deny        allow  deny
  wishes                  list     deny     allow  deny        allow  deny
  wishes                  create   deny     deny   deny        deny   deny
  wishes                  update   deny     deny   deny        deny   deny
  wishes                  delete   deny     deny   deny        deny   deny
  wishGroups              get      deny     deny   deny        allow  deny
  wishGroups              list     deny     deny   deny        allow  deny
  wishGroups              create   deny     deny   deny        deny   deny
  wishGroups              update   deny     deny   deny        deny   deny
  wishGroups              delete   deny     deny   deny        deny   deny
  wishers                 get      deny     deny   deny        deny   deny
  wishers                 list     deny     deny   deny        deny   deny
  wishers                 create   deny     deny   deny        deny   deny
  wishers                 update   deny     deny   deny        deny   deny
  wishers                 delete   deny     deny   deny        deny   deny
  carts                   get      deny     deny   deny        deny   deny
  carts                   list     deny     deny   deny        deny   deny
  carts                   create   deny     deny   deny        deny   deny
  carts                   update   deny     deny   deny        deny   deny
  carts                   delete   deny     deny   deny        deny   deny
  auditLog                get      deny     deny   deny        allow  deny
  auditLog                list     deny     deny   deny        allow  deny
  auditLog                create   deny     deny   deny        deny   deny
  auditLog                update   deny     deny   deny        deny   deny
  auditLog                delete   deny     deny   deny        deny   deny
  counters                get      deny     deny   deny        deny   deny
  counters                list     deny     deny   deny        deny   deny
  counters                create   deny     deny   deny        deny   deny
  counters                update   deny     deny   deny        deny   deny
  counters                delete   deny     deny   deny        deny   deny
  outbox                  get      deny     deny   deny        deny   deny
  outbox                  list     deny     deny   deny        deny   deny
  outbox                  create   deny     deny   deny        deny   deny
  outbox                  update   deny     deny   deny        deny   deny
  outbox                  delete   deny     deny   deny        deny   deny
  verifiedMailAddresses   get      deny     deny   deny        deny   deny
  verifiedMailAddresses   list     deny     deny   deny        deny   deny
  verifiedMailAddresses   create   deny     deny   deny        deny   deny
  verifiedMailAddresses   update   deny     deny   deny        deny   deny
  verifiedMailAddresses   delete   deny     deny   deny        deny   deny
  rateLimits              get      deny     deny   deny        deny   deny
  rateLimits              list     deny     deny   deny        deny   deny
  rateLimits              create   deny     deny   deny        deny   deny
  rateLimits              update   deny     deny   deny        deny   deny
  rateLimits              delete   deny     deny   deny        deny   deny
`;

type Expectation = "allow" | "deny";

function parseMatrix(table: string): Map<string, Expectation> {
  const [header, ...rows] = table.trim().split("\n").map((line) => line.trim().split(/\s+/));
  const actors = header!.slice(2);
  if (actors.join() !== ACTORS.join()) throw new Error(`The table's columns are ${actors.join(", ")}, not ${ACTORS.join(", ")}`);
  const cells = new Map<string, Expectation>();
  for (const [collection, operation, ...expected] of rows) {
    expected.forEach((value, i) => {
      if (value !== "allow" && value !== "deny") throw new Error(`${collection} ${operation}: "${value}" is neither allow nor deny`);
      cells.set(`${collection} ${operation} ${actors[i]}`, value);
    });
  }
  return cells;
}

const EXPECTED = parseMatrix(MATRIX);

// ---------------------------------------------------------------------------------------------
// The callers and the documents they meet.

/** Everyone who signs in: the matrix's callers, then those of the focused cases. */
type Person = Exclude<Actor, "visitor"> | "removedAdmin" | "newcomer" | "unclaimed" | "unclaimedAdmin" | "formerUid";

/** Each person's Firebase uid, which their ID token carries. */
const UID: Record<Person, string> = {
  buyer: "uid-ada",
  otherBuyer: "uid-grace",
  admin: "uid-admin",
  removed: "uid-removed",
  removedAdmin: "uid-removed-admin",
  // Signed in to Firebase, with no shop account yet.
  newcomer: "uid-newcomer",
  // An account names this uid, but no `userUids` claim says the uid signs in to it.
  unclaimed: "uid-unclaimed",
  unclaimedAdmin: "uid-unclaimed-admin",
  // The uid the buyer's account had before a new uid took it over, its claim left behind.
  formerUid: "uid-ada-before",
};
const EMAIL: Record<Person, string> = {
  buyer: "ada@toolshop.test",
  otherBuyer: "grace@toolshop.test",
  admin: "admin@toolshop.test",
  removed: "gone@toolshop.test",
  removedAdmin: "former-admin@toolshop.test",
  newcomer: "new@toolshop.test",
  unclaimed: "unclaimed@toolshop.test",
  unclaimedAdmin: "unclaimed-admin@toolshop.test",
  formerUid: "ada@toolshop.test",
};
/** The accounts (`users/{accountId}`): UUIDs made when each was inserted, not the uids. */
const ACCOUNT = {
  buyer: "0a7d4c1e-6b2f-4e39-9a51-3c8e2f7b1d01",
  otherBuyer: "1b8e5d2f-7c30-4f4a-8b62-4d9f308c2e02",
  admin: "2c9f6e30-8d41-4a5b-9c73-5ea0419d3f03",
  removed: "3da07f41-9e52-4b6c-8d84-6fb152ae4004",
  removedAdmin: "4eb18052-af63-4c7d-9e95-70c263bf5105",
  unclaimed: "5fc29163-b074-4d8e-8fa6-81d374c06206",
  unclaimedAdmin: "60d3a274-c185-4e9f-90b7-92e485d17307",
  // An account that names the buyer's uid, though the buyer's claim names another.
  stale: "71e4b385-d296-4fa0-a1c8-a3f596e28408",
};
/** An id no account has. */
const NEW_ACCOUNT = "82f5c496-e3a7-4b01-b2d9-b406a7f39509";
const uidOf = (actor: Actor) => (actor === "visitor" ? "uid-nobody" : UID[actor]);

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const CREATED = at("2026-11-20T10:00:00Z");
const REMOVED = at("2026-11-21T10:00:00Z");

const account = (firebaseUid: string, email: string, role: "buyer" | "admin", removedAt: Timestamp | null = null): Data => ({
  firebaseUid,
  email,
  name: email.split("@")[0],
  role,
  education: "",
  location: "",
  number: "",
  linkIn: "",
  createdAt: CREATED,
  updatedAt: CREATED,
  removedAt,
});

const tool: Data = {
  name: "Claw Hammer",
  nameLower: "claw hammer",
  img: "/images/tools/claw-hammer.svg",
  unitPriceCents: 1250,
  description: "Drives nails and pulls them.",
  minOrderQuantity: 10,
  stock: 100,
  lowStock: false,
  ledgerSeq: 1,
  words: ["and", "claw", "drives", "hammer", "nails", "pulls", "them"],
  createdAt: CREATED,
  changedAt: CREATED,
  updatedAt: null,
  deletedAt: null,
};

const order = (buyerId: string, email: string): Data => ({
  toolId: "tool-1",
  toolName: "Claw Hammer",
  buyerId,
  userName: email.split("@")[0],
  userEmail: email,
  userPhone: "+1 555 0100",
  userAddress: "1 Main Street",
  quantity: 10,
  totalCents: 12000,
  status: "unpaid",
  live: true,
  idempotencyKey: null,
  createdAt: CREATED,
  releasesAt: at("2026-11-20T11:00:00Z"),
  paidAt: null,
  shippedAt: null,
  cancelledAt: null,
  cancelledBy: null,
  transactionId: null,
  cardLast4: null,
  refundedAt: null,
  shippingCarrier: null,
  trackingNumber: null,
});

const wish = (wisherId: string): Data => ({
  wisherId,
  userName: "Ada",
  name: "Torque Wrench",
  nameKey: "torque wrench",
  priceCents: 4500,
  details: "A half-inch drive.",
  createdAt: CREATED,
  status: "open",
  toolId: null,
  resolvedAt: null,
});

const review = (shown: boolean): Data => ({
  userName: "ada",
  rating: 5,
  review: "Quick delivery.",
  createdAt: CREATED,
  authorRemoved: false,
  shown,
  removedAt: shown ? null : REMOVED,
});

/** Every document the tests read, keyed by path, written with the rules off before they run. */
const SEED: Record<string, Data> = {
  [`users/${ACCOUNT.buyer}`]: account(UID.buyer, EMAIL.buyer, "buyer"),
  [`users/${ACCOUNT.otherBuyer}`]: account(UID.otherBuyer, EMAIL.otherBuyer, "buyer"),
  [`users/${ACCOUNT.admin}`]: account(UID.admin, EMAIL.admin, "admin"),
  [`users/${ACCOUNT.removed}`]: account(UID.removed, EMAIL.removed, "buyer", REMOVED),
  [`users/${ACCOUNT.removedAdmin}`]: account(UID.removedAdmin, EMAIL.removedAdmin, "admin", REMOVED),
  [`users/${ACCOUNT.unclaimed}`]: account(UID.unclaimed, EMAIL.unclaimed, "buyer"),
  [`users/${ACCOUNT.unclaimedAdmin}`]: account(UID.unclaimedAdmin, EMAIL.unclaimedAdmin, "admin"),
  [`users/${ACCOUNT.stale}`]: account(UID.buyer, "ada-old@toolshop.test", "buyer"),
  [`userEmails/${encodeURIComponent(EMAIL.buyer)}`]: { accountId: ACCOUNT.buyer },
  // Which account each uid signs in to; a removed account keeps its claim.
  [`userUids/${UID.buyer}`]: { accountId: ACCOUNT.buyer },
  [`userUids/${UID.otherBuyer}`]: { accountId: ACCOUNT.otherBuyer },
  [`userUids/${UID.admin}`]: { accountId: ACCOUNT.admin },
  [`userUids/${UID.removed}`]: { accountId: ACCOUNT.removed },
  [`userUids/${UID.removedAdmin}`]: { accountId: ACCOUNT.removedAdmin },
  [`userUids/${UID.formerUid}`]: { accountId: ACCOUNT.buyer },
  "tools/tool-1": tool,
  "tools/tool-deleted": { ...tool, name: "Old Saw", nameLower: "old saw", deletedAt: REMOVED },
  "tools/tool-1/stockMovements/1": { seq: 1, toolId: "tool-1", kind: "initial", quantity: 100, reason: "", actorId: null, createdAt: CREATED },
  "orders/order-buyer": order(ACCOUNT.buyer, EMAIL.buyer),
  "orders/order-otherBuyer": order(ACCOUNT.otherBuyer, EMAIL.otherBuyer),
  "orders/order-removed": order(ACCOUNT.removed, EMAIL.removed),
  "orders/order-unclaimed": order(ACCOUNT.unclaimed, EMAIL.unclaimed),
  [`orderBuyers/${ACCOUNT.buyer}`]: { unpaid: 1 },
  [`orderKeys/${ACCOUNT.buyer}_3q2-7wWMQkA2NQ9zq3y9vDQcrOWpE8Q8ZgxqvQ2OZ0c`]: { buyerId: ACCOUNT.buyer, orderId: "order-buyer" },
  "checkouts/checkout-buyer": { buyerId: ACCOUNT.buyer, userName: "Ada", userEmail: EMAIL.buyer, userPhone: "+1 555 0100", userAddress: "1 Main St", totalCents: 12000, idempotencyKey: null, orderIds: ["order-buyer"], createdAt: CREATED },
  [`checkoutKeys/${ACCOUNT.buyer}_3q2-7wWMQkA2NQ9zq3y9vDQcrOWpE8Q8ZgxqvQ2OZ0c`]: { buyerId: ACCOUNT.buyer, checkoutId: "checkout-buyer" },
  "partialRefunds/order-buyer": { intentId: "pi_1", provider: "sandbox", amountCents: 12000, status: "due", updatedAt: CREATED },
  "payments/pi_1": { orderId: "order-buyer", attempt: 1, provider: "sandbox", amountCents: 12000, currency: "usd", status: "pending", lastError: null, cardLast4: null, createdAt: CREATED, updatedAt: CREATED },
  "orderPayments/order-buyer": { intentId: "pi_1" },
  "paymentAttempts/order-buyer_1": { intentId: "pi_1" },
  "paymentEvents/evt_1": { type: "payment_intent.succeeded", receivedAt: CREATED },
  "sandboxIntents/pi_1": { clientSecret: "pi_1_secret_x", idempotencyKey: "k1", amountCents: 12000, currency: "usd", status: "requires_payment_method", metadata: {}, cardLast4: null, lastError: null, createdAt: CREATED, refundedAt: null },
  "sandboxIntentKeys/k1": { intentId: "pi_1" },
  "reviews/review-shown": review(true),
  "reviews/review-down": review(false),
  "reviewAuthors/review-shown": { authorId: ACCOUNT.buyer },
  "reviewAuthors/review-down": { authorId: ACCOUNT.buyer },
  "wishes/wish-buyer": wish(ACCOUNT.buyer),
  "wishes/wish-otherBuyer": wish(ACCOUNT.otherBuyer),
  "wishes/wish-removed": wish(ACCOUNT.removed),
  "wishes/wish-unclaimed": wish(ACCOUNT.unclaimed),
  "wishGroups/open:torque wrench": {
    status: "open",
    key: "torque wrench",
    name: "Torque Wrench",
    count: 4,
    latestAt: CREATED,
    latestWishId: "wish-buyer",
    priceCounts: { "4500": 4 },
    wisherIds: [ACCOUNT.buyer, ACCOUNT.otherBuyer, ACCOUNT.removed, ACCOUNT.unclaimed].map((value) => ({ value, count: 1 })),
    userNames: [{ value: "ada", count: 4 }],
  },
  [`wishers/${ACCOUNT.buyer}`]: { email: EMAIL.buyer, removed: false },
  [`carts/${ACCOUNT.buyer}`]: { lines: [{ toolId: "tool-1", quantity: 2, seenPriceCents: 1500, seenToolName: "Claw Hammer", addedAt: CREATED }], updatedAt: CREATED },
  "auditLog/1": { seq: 1, actorId: ACCOUNT.admin, actorEmail: EMAIL.admin, action: "tool.created", targetType: "tool", targetId: "tool-1", details: {}, createdAt: CREATED, eventId: null },
  "counters/auditLog": { last: 1 },
  [`outbox/${encodeURIComponent("order:order-1:placed")}`]: { eventKey: "order:order-1:placed", recipient: EMAIL.buyer, subject: "Your order", text: "…", html: "<p>…</p>", createdAt: CREATED, attempts: 0, nextAttemptAt: CREATED, claimedUntil: null, sentAt: null, lastError: null, awaitingVerification: false },
  [`verifiedMailAddresses/${encodeURIComponent(EMAIL.buyer)}`]: { address: EMAIL.buyer, verifiedAt: CREATED },
  [`rateLimits/1795600800_${encodeURIComponent(`orders:${ACCOUNT.buyer}`)}`]: { key: `orders:${ACCOUNT.buyer}`, windowStart: CREATED, count: 1, expiresAt: CREATED },
};

const only = (prefix: string) => Object.keys(SEED).find((path) => path.startsWith(prefix))!;
/** Whose document each caller aims at: its own, except that others aim at the buyer's. */
const ownerAimedAt = (actor: Actor): "buyer" | "removed" => (actor === "removed" ? "removed" : "buyer");

interface Subject {
  /** The collection's path; a subcollection's under its parent. */
  path: string;
  /** The document each caller reads, updates or deletes. */
  target: (actor: Actor) => string;
  list: (db: Firestore, actor: Actor) => Query;
  /** The change tried; for tools and reviews, an admin's edit and take-down, stamped with who and when. */
  update: (actor: Actor) => Data;
  /** Whether a document's id means something (an account, a uid), so writes aim at the seeded one, not a copy. */
  idIsIdentity?: boolean;
  /** The document a create tries, when not a copy of the target under a new id. */
  created?: (actor: Actor) => [path: string, data: Data];
}

/** The public read a signed-out screen makes, or for an admin the whole collection. */
const publicList = (path: string, field: string, value: unknown) => (db: Firestore, actor: Actor) =>
  actor === "admin" ? query(collection(db, path)) : query(collection(db, path), where(field, "==", value));

/** A buyer's screen asks for its own documents; an admin's for all. */
const ownedList = (path: string, field: string) => (db: Firestore, actor: Actor) =>
  actor === "admin" ? query(collection(db, path)) : query(collection(db, path), where(field, "==", ACCOUNT[ownerAimedAt(actor)]));

const serverOnly = (path: string, update: Data = { touched: true }): Subject => ({
  path,
  target: () => only(`${path}/`),
  list: (db) => query(collection(db, path)),
  update: () => update,
});

const SUBJECTS: Record<Collection, Subject> = {
  tools: {
    path: "tools",
    target: () => "tools/tool-1",
    list: publicList("tools", "deletedAt", null),
    update: (actor) => ({ name: "Claw Hammer XL", nameLower: "claw hammer xl", unitPriceCents: 1500, words: arrayUnion("xl"), changedAt: serverTimestamp(), updatedAt: serverTimestamp(), updatedBy: uidOf(actor) }),
  },
  stockMovements: {
    path: "tools/tool-1/stockMovements",
    target: () => "tools/tool-1/stockMovements/1",
    list: (db) => query(collection(db, "tools/tool-1/stockMovements"), orderBy("seq", "desc")),
    update: () => ({ quantity: 1000 }),
  },
  users: {
    path: "users",
    target: (actor) => `users/${ACCOUNT[ownerAimedAt(actor)]}`,
    // A client that knows its uid but not its account id would look for the account by the uid.
    list: (db, actor) => query(collection(db, "users"), ...(actor === "admin" ? [] : [where("firebaseUid", "==", UID[ownerAimedAt(actor)])])),
    update: () => ({ education: "Cambridge" }),
    idIsIdentity: true,
    created: (actor) => [`users/${NEW_ACCOUNT}`, account(uidOf(actor), "new@toolshop.test", "admin")],
  },
  userEmails: serverOnly("userEmails", { accountId: ACCOUNT.otherBuyer }),
  userUids: {
    path: "userUids",
    target: (actor) => `userUids/${UID[ownerAimedAt(actor)]}`,
    list: (db) => query(collection(db, "userUids")),
    // Pointing one's uid at the admin's account would make one the admin.
    update: () => ({ accountId: ACCOUNT.admin }),
    idIsIdentity: true,
    created: () => [`userUids/${UID.newcomer}`, { accountId: ACCOUNT.admin }],
  },
  orders: {
    path: "orders",
    target: (actor) => `orders/order-${ownerAimedAt(actor)}`,
    list: ownedList("orders", "buyerId"),
    update: () => ({ status: "paid", paidAt: serverTimestamp() }),
  },
  orderBuyers: serverOnly("orderBuyers", { unpaid: 0 }),
  orderKeys: serverOnly("orderKeys", { orderId: "order-otherBuyer" }),
  // A checkout is read through the API alone, with its orders; its buyer's own included.
  checkouts: serverOnly("checkouts", { totalCents: 0 }),
  checkoutKeys: serverOnly("checkoutKeys", { checkoutId: "checkout-buyer" }),
  partialRefunds: serverOnly("partialRefunds", { status: "refunded" }),
  payments: serverOnly("payments", { status: "succeeded" }),
  orderPayments: serverOnly("orderPayments", { intentId: "pi_2" }),
  paymentAttempts: serverOnly("paymentAttempts", { intentId: "pi_2" }),
  paymentEvents: serverOnly("paymentEvents"),
  sandboxIntents: serverOnly("sandboxIntents", { status: "succeeded" }),
  sandboxIntentKeys: serverOnly("sandboxIntentKeys", { intentId: "pi_2" }),
  reviews: {
    path: "reviews",
    target: () => "reviews/review-shown",
    list: publicList("reviews", "shown", true),
    update: (actor) => ({ shown: false, removedAt: serverTimestamp(), removedBy: uidOf(actor) }),
  },
  // Pointing a review at another account would make it theirs in the audit log.
  reviewAuthors: serverOnly("reviewAuthors", { authorId: ACCOUNT.otherBuyer }),
  wishes: {
    path: "wishes",
    target: (actor) => `wishes/wish-${ownerAimedAt(actor)}`,
    list: ownedList("wishes", "wisherId"),
    update: () => ({ status: "done", resolvedAt: serverTimestamp() }),
  },
  wishGroups: serverOnly("wishGroups", { count: 0 }),
  wishers: serverOnly("wishers", { removed: true }),
  // A buyer's cart is read and changed through the API alone, the buyer's own included.
  carts: serverOnly("carts", { lines: [] }),
  auditLog: serverOnly("auditLog", { action: "tool.deleted" }),
  counters: serverOnly("counters", { last: 2 }),
  outbox: serverOnly("outbox", { sentAt: serverTimestamp() }),
  verifiedMailAddresses: serverOnly("verifiedMailAddresses"),
  rateLimits: serverOnly("rateLimits", { count: 0 }),
};

// ---------------------------------------------------------------------------------------------

let env: RulesTestEnvironment;

/** Copies of seeded documents to write on, written with the seed, so a write that is allowed changes nothing another test reads. */
const COPIES: Record<string, Data> = {};
let copies = 0;
function copyOf(path: string): string {
  const copy = `${path}-copy-${++copies}`;
  COPIES[copy] = SEED[path]!;
  return copy;
}

async function seed(documents: Record<string, Data>) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = firestoreOf(context);
    const batch = writeBatch(db);
    for (const [path, data] of Object.entries(documents)) batch.set(doc(db, path), data);
    await batch.commit();
  });
}

type Caller = Actor | Person;
const contexts = new Map<Caller, RulesTestContext>();

/** One context per caller for the whole file: each is an app with its own connection. */
function contextOf(actor: Caller): RulesTestContext {
  let context = contexts.get(actor);
  if (!context) {
    context = newContext(actor);
    contexts.set(actor, context);
  }
  return context;
}

function newContext(actor: Caller): RulesTestContext {
  switch (actor) {
    case "visitor":
      return env.unauthenticatedContext();
    // The admin claim; a removed admin's ID token issued before still carries it until it expires.
    case "admin":
    case "removedAdmin":
    case "unclaimedAdmin":
      return env.authenticatedContext(UID[actor], { email: EMAIL[actor], admin: true });
    default:
      return env.authenticatedContext(UID[actor], { email: EMAIL[actor] });
  }
}
/** rules-unit-testing hands out the compat API's instance; the modular functions take it as it is. */
const firestoreOf = (context: RulesTestContext) => context.firestore() as unknown as Firestore;
const dbOf = (actor: Caller) => firestoreOf(contextOf(actor));

/** The document an operation aims at: for a write, a copy of the caller's target unless its id is who owns it. */
function aimOf(collection: Collection, operation: Operation, actor: Actor): string {
  const subject = SUBJECTS[collection];
  const target = subject.target(actor);
  const writes = operation === "update" || operation === "delete";
  return writes && !subject.idIsIdentity ? copyOf(target) : target;
}

async function attempt(collection: Collection, operation: Operation, actor: Actor, target: string): Promise<unknown> {
  const subject = SUBJECTS[collection];
  const db = dbOf(actor);
  switch (operation) {
    case "get":
      return getDoc(doc(db, target));
    case "list":
      return getDocs(subject.list(db, actor));
    case "create": {
      const [path, data] = subject.created?.(actor) ?? [`${subject.path}/new-${++copies}`, SEED[subject.target(actor)]!];
      return setDoc(doc(db, path), data);
    }
    case "update":
      return updateDoc(doc(db, target), subject.update(actor));
    case "delete":
      return deleteDoc(doc(db, target));
  }
}

beforeAll(async () => {
  // Refusals are what half the tests expect; the SDK would log each one.
  setLogLevel("silent");
  env = await initializeTestEnvironment({
    projectId: "demo-toolshop-rules",
    firestore: { rules: readFileSync(new URL("../../firestore.rules", import.meta.url), "utf8") },
  });
  await env.clearFirestore();
  await seed({ ...SEED, ...COPIES });
});

afterAll(async () => {
  await env?.cleanup();
});

const WHO: Record<Actor, string> = { visitor: "a visitor", buyer: "the buyer", otherBuyer: "another buyer", admin: "an admin", removed: "a removed user" };

describe("the matrix: every collection × caller × operation", () => {
  it("when the table is read, then it names every collection × operation once, and nothing else", () => {
    const expectedKeys = COLLECTIONS.flatMap((c) => OPERATIONS.flatMap((o) => ACTORS.map((a) => `${c} ${o} ${a}`)));
    expect([...EXPECTED.keys()].sort()).toEqual(expectedKeys.sort());
  });

  for (const collection of COLLECTIONS) {
    describe(collection, () => {
      for (const operation of OPERATIONS) {
        for (const actor of ACTORS) {
          const expected = EXPECTED.get(`${collection} ${operation} ${actor}`)!;
          const target = aimOf(collection, operation, actor);
          it(`when ${WHO[actor]} tries ${operation}, then it is ${expected === "allow" ? "allowed" : "refused"}`, async () => {
            const result = attempt(collection, operation, actor, target);
            await (expected === "allow" ? assertSucceeds(result) : assertFails(result));
          });
        }
      }
    });
  }
});

describe("writes from an admin's client", () => {
  /** Declared with its test, so the copy it writes on is seeded before the tests run. */
  const write = (path: string, changes: Data) => {
    const copy = copyOf(path);
    return () => updateDoc(doc(dbOf("admin"), copy), changes);
  };

  const refused: [string, string, Data][] = [
    [
      "edits a tool's every catalogue field within the API's bounds, stamped with themselves and the time, its search words kept",
      "tools/tool-1",
      {
        name: "Claw Hammer XL",
        nameLower: "claw hammer xl",
        unitPriceCents: 1500,
        description: "Drives nails and pulls them, longer.",
        minOrderQuantity: 20,
        img: "https://cdn.example.com/hammer.png",
        lowStock: false,
        words: arrayUnion("xl", "longer"),
        changedAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
        updatedBy: UID.admin,
      },
    ],
    ["restocks a tool", "tools/tool-1", { stock: increment(10), changedAt: serverTimestamp() }],
    ["lists a deleted tool again", "tools/tool-deleted", { deletedAt: null, changedAt: serverTimestamp() }],
    ["takes a review down, stamped with themselves and the time", "reviews/review-shown", { shown: false, removedAt: serverTimestamp(), removedBy: UID.admin }],
    ["shows a review taken down again", "reviews/review-down", { shown: true, removedAt: null }],
    ["names another author for a review", "reviewAuthors/review-shown", { authorId: ACCOUNT.otherBuyer }],
    ["writes an audit entry of their own", "auditLog/1", { action: "review.removed" }],
  ];
  for (const [what, path, changes] of refused) {
    const run = write(path, changes);
    it(`when an admin ${what}, then it is refused: the API makes the change with its audit entry`, async () => {
      await assertFails(run());
    });
  }

  it("when an admin creates a tool or a review, then it is refused", async () => {
    await assertFails(setDoc(doc(dbOf("admin"), "tools/tool-new"), { ...tool, createdAt: serverTimestamp() }));
    await assertFails(setDoc(doc(dbOf("admin"), "reviews/review-new"), review(true)));
  });
});

describe("reads beyond the matrix", () => {
  const read = (actor: Caller, path: string) => getDoc(doc(dbOf(actor), path));
  const list = (actor: Caller, path: string, ...constraints: QueryConstraint[]) =>
    getDocs(query(collection(dbOf(actor), path), ...constraints));

  it("when a visitor gets a deleted tool, then it is refused; an admin may", async () => {
    await assertFails(read("visitor", "tools/tool-deleted"));
    await assertSucceeds(read("admin", "tools/tool-deleted"));
  });

  it("when a visitor lists tools without asking for listed ones only, then it is refused", async () => {
    await assertFails(list("visitor", "tools"));
  });

  it("when a visitor reads the catalogue as it is paged, by name and in stock, then it is allowed", async () => {
    await assertSucceeds(list("visitor", "tools", where("deletedAt", "==", null), where("lowStock", "==", false), orderBy("nameLower"), limit(24)));
  });

  it("when a visitor gets a review taken down, or lists reviews without asking for shown ones, then it is refused", async () => {
    await assertFails(read("visitor", "reviews/review-down"));
    await assertFails(list("visitor", "reviews"));
  });

  it("when the buyer reads My Orders as the page asks for it, then it is allowed; every order, or another buyer's, is refused", async () => {
    await assertSucceeds(list("buyer", "orders", where("buyerId", "==", ACCOUNT.buyer), where("live", "==", true), orderBy("createdAt", "desc")));
    await assertFails(list("buyer", "orders"));
    await assertFails(list("buyer", "orders", where("buyerId", "==", ACCOUNT.otherBuyer)));
    // Orders name their buyer by account id, never by uid.
    await assertFails(list("buyer", "orders", where("buyerId", "==", UID.buyer)));
  });

  it("when another buyer reads their own account, order and wish, then it is allowed", async () => {
    await assertSucceeds(read("otherBuyer", `users/${ACCOUNT.otherBuyer}`));
    await assertSucceeds(read("otherBuyer", "orders/order-otherBuyer"));
    await assertSucceeds(read("otherBuyer", "wishes/wish-otherBuyer"));
    await assertSucceeds(list("otherBuyer", "wishes", where("wisherId", "==", ACCOUNT.otherBuyer)));
  });

  it("when a buyer gets another account's document by its id, then it is refused", async () => {
    await assertFails(read("buyer", `users/${ACCOUNT.otherBuyer}`));
    await assertFails(read("buyer", `users/${ACCOUNT.admin}`));
    await assertFails(read("buyer", `users/${ACCOUNT.removed}`));
    // Not even an account that names the buyer's uid: the buyer's claim names the account they sign in to.
    await assertFails(read("buyer", `users/${ACCOUNT.stale}`));
    await assertFails(list("buyer", "users", where("firebaseUid", "==", UID.buyer)));
    await assertSucceeds(read("buyer", `users/${ACCOUNT.buyer}`));
  });

  it("when a buyer whose uid has no claim reads, then nothing private is allowed, though an account names the uid", async () => {
    await assertFails(read("unclaimed", `users/${ACCOUNT.unclaimed}`));
    await assertFails(read("unclaimed", "orders/order-unclaimed"));
    await assertFails(list("unclaimed", "orders", where("buyerId", "==", ACCOUNT.unclaimed)));
    await assertFails(read("unclaimed", "wishes/wish-unclaimed"));
    await assertFails(list("unclaimed", "wishes", where("wisherId", "==", ACCOUNT.unclaimed)));
    await assertSucceeds(read("unclaimed", "tools/tool-1"));
  });

  it("when an admin whose uid has no claim reads with the admin claim in the token, then nothing private is allowed", async () => {
    await assertFails(read("unclaimedAdmin", `users/${ACCOUNT.unclaimedAdmin}`));
    await assertFails(list("unclaimedAdmin", "users"));
    await assertFails(list("unclaimedAdmin", "orders"));
    await assertFails(read("unclaimedAdmin", "tools/tool-deleted"));
  });

  it("when a uid reads through a claim on an account that another uid has taken over, then nothing private is allowed", async () => {
    await assertFails(read("formerUid", `users/${ACCOUNT.buyer}`));
    await assertFails(read("formerUid", "orders/order-buyer"));
    await assertFails(list("formerUid", "orders", where("buyerId", "==", ACCOUNT.buyer)));
    await assertFails(list("formerUid", "wishes", where("wisherId", "==", ACCOUNT.buyer)));
  });

  it("when the owner of a removed account reads, then nothing private is allowed, their own account included", async () => {
    await assertFails(read("removed", `users/${ACCOUNT.removed}`));
    await assertFails(read("removed", "orders/order-removed"));
    await assertFails(list("removed", "orders", where("buyerId", "==", ACCOUNT.removed)));
    await assertFails(read("removed", "wishes/wish-removed"));
    await assertFails(list("removed", "wishes", where("wisherId", "==", ACCOUNT.removed)));
    await assertFails(read("removed", `userUids/${UID.removed}`));
    await assertSucceeds(read("removed", "tools/tool-1"));
    await assertSucceeds(read("removed", "reviews/review-shown"));
  });

  it("when a removed admin reads with the claim still in the token, then nothing private is allowed", async () => {
    await assertFails(read("removedAdmin", "orders/order-buyer"));
    await assertFails(read("removedAdmin", `users/${ACCOUNT.removedAdmin}`));
    await assertFails(list("removedAdmin", "users"));
    await assertFails(list("removedAdmin", "auditLog"));
    await assertSucceeds(read("removedAdmin", "tools/tool-1"));
  });

  it("when someone signed in without a shop account reads or makes one, or claims one, then it is refused", async () => {
    await assertFails(read("newcomer", `users/${NEW_ACCOUNT}`));
    await assertFails(read("newcomer", `userUids/${UID.newcomer}`));
    await assertFails(setDoc(doc(dbOf("newcomer"), `users/${NEW_ACCOUNT}`), account(UID.newcomer, EMAIL.newcomer, "admin")));
    await assertFails(setDoc(doc(dbOf("newcomer"), `userUids/${UID.newcomer}`), { accountId: ACCOUNT.buyer }));
    await assertFails(list("newcomer", "orders", where("buyerId", "==", UID.newcomer)));
  });

  it("when a buyer's token carries the admin claim their account does not (a Make Admin that did not commit), then admin reads are refused", async () => {
    const db = firestoreOf(env.authenticatedContext(UID.buyer, { email: EMAIL.buyer, admin: true }));
    await assertFails(getDocs(collection(db, "users")));
    await assertFails(getDoc(doc(db, "orders/order-otherBuyer")));
    await assertSucceeds(getDoc(doc(db, `users/${ACCOUNT.buyer}`)));
  });

  it('when a buyer\'s token carries the claim as the text "true", then admin reads are refused', async () => {
    const db = firestoreOf(env.authenticatedContext(UID.buyer, { email: EMAIL.buyer, admin: "true" }));
    await assertFails(getDocs(collection(db, "users")));
  });
});
