import { readFileSync } from "node:fs";
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import {
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
// below says; then the admin's writes that break a bound or touch the stock.

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
  "orders",
  "payments",
  "paymentEvents",
  "sandboxIntents",
  "reviews",
  "wishes",
  "wishGroups",
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
 * try, for tools and reviews the admin's allowed one.
 */
const MATRIX = `
  collection              op       visitor  buyer  otherBuyer  admin  removed
  tools                   get      allow    allow  allow       allow  allow
  tools                   list     allow    allow  allow       allow  allow
  tools                   create   deny     deny   deny        deny   deny
  tools                   update   deny     deny   deny        allow  deny
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
  orders                  get      deny     allow  deny        allow  deny
  orders                  list     deny     allow  deny        allow  deny
  orders                  create   deny     deny   deny        deny   deny
  orders                  update   deny     deny   deny        deny   deny
  orders                  delete   deny     deny   deny        deny   deny
  payments                get      deny     deny   deny        deny   deny
  payments                list     deny     deny   deny        deny   deny
  payments                create   deny     deny   deny        deny   deny
  payments                update   deny     deny   deny        deny   deny
  payments                delete   deny     deny   deny        deny   deny
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
  reviews                 get      allow    allow  allow       allow  allow
  reviews                 list     allow    allow  allow       allow  allow
  reviews                 create   deny     deny   deny        deny   deny
  reviews                 update   deny     deny   deny        allow  deny
  reviews                 delete   deny     deny   deny        deny   deny
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

const UID = { buyer: "uid-ada", otherBuyer: "uid-grace", admin: "uid-admin", removed: "uid-removed", removedAdmin: "uid-removed-admin" };
const EMAIL = { buyer: "ada@toolshop.test", otherBuyer: "grace@toolshop.test", admin: "admin@toolshop.test", removed: "gone@toolshop.test" };
const uidOf = (actor: Actor) => (actor === "visitor" ? "uid-nobody" : UID[actor]);

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const CREATED = at("2026-11-20T10:00:00Z");
const REMOVED = at("2026-11-21T10:00:00Z");

const account = (email: string, role: "buyer" | "admin", removedAt: Timestamp | null = null): Data => ({
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
  createdAt: CREATED,
  updatedAt: null,
  updatedBy: null,
  deletedAt: null,
};

const order = (buyerUid: string, email: string): Data => ({
  toolId: "tool-1",
  toolName: "Claw Hammer",
  buyerUid,
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

const wish = (wisherUid: string): Data => ({
  wisherUid,
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
  authorUid: UID.buyer,
  userName: "ada",
  rating: 5,
  review: "Quick delivery.",
  createdAt: CREATED,
  shown,
  removedAt: shown ? null : REMOVED,
  removedBy: shown ? null : UID.admin,
});

/** Every document the tests read, keyed by path, written with the rules off before they run. */
const SEED: Record<string, Data> = {
  [`users/${UID.buyer}`]: account(EMAIL.buyer, "buyer"),
  [`users/${UID.otherBuyer}`]: account(EMAIL.otherBuyer, "buyer"),
  [`users/${UID.admin}`]: account(EMAIL.admin, "admin"),
  [`users/${UID.removed}`]: account(EMAIL.removed, "buyer", REMOVED),
  [`users/${UID.removedAdmin}`]: account("former-admin@toolshop.test", "admin", REMOVED),
  [`userEmails/${encodeURIComponent(EMAIL.buyer)}`]: { uid: UID.buyer },
  "tools/tool-1": tool,
  "tools/tool-deleted": { ...tool, name: "Old Saw", nameLower: "old saw", deletedAt: REMOVED },
  "tools/tool-1/stockMovements/1": { seq: 1, toolId: "tool-1", kind: "initial", quantity: 100, reason: "", actorUid: null, createdAt: CREATED },
  [`orders/order-${UID.buyer}`]: order(UID.buyer, EMAIL.buyer),
  [`orders/order-${UID.otherBuyer}`]: order(UID.otherBuyer, EMAIL.otherBuyer),
  [`orders/order-${UID.removed}`]: order(UID.removed, EMAIL.removed),
  "payments/pi_1": { orderId: `order-${UID.buyer}`, attempt: 1, provider: "sandbox", amountCents: 12000, currency: "usd", status: "pending", lastError: null, cardLast4: null, createdAt: CREATED, updatedAt: CREATED },
  "paymentEvents/evt_1": { type: "payment_intent.succeeded", receivedAt: CREATED },
  "sandboxIntents/pi_1": { clientSecret: "pi_1_secret_x", idempotencyKey: "k1", amountCents: 12000, currency: "usd", status: "requires_payment_method", metadata: {}, cardLast4: null, lastError: null, createdAt: CREATED, refundedAt: null },
  "reviews/review-shown": review(true),
  "reviews/review-down": review(false),
  [`wishes/wish-${UID.buyer}`]: wish(UID.buyer),
  [`wishes/wish-${UID.otherBuyer}`]: wish(UID.otherBuyer),
  [`wishes/wish-${UID.removed}`]: wish(UID.removed),
  "wishGroups/open:torque wrench": { status: "open", key: "torque wrench", name: "Torque Wrench", count: 3, latestAt: CREATED, latestWishId: `wish-${UID.buyer}`, priceCounts: { "4500": 3 } },
  "auditLog/1": { seq: 1, actorUid: UID.admin, actorEmail: EMAIL.admin, action: "tool.created", targetType: "tool", targetId: "tool-1", details: {}, createdAt: CREATED, eventId: null },
  "counters/auditLog": { last: 1 },
  [`outbox/${encodeURIComponent("order:order-1:placed")}`]: { eventKey: "order:order-1:placed", recipient: EMAIL.buyer, subject: "Your order", text: "…", html: "<p>…</p>", createdAt: CREATED, attempts: 0, nextAttemptAt: CREATED, claimedUntil: null, sentAt: null, lastError: null, awaitingVerification: false },
  [`verifiedMailAddresses/${encodeURIComponent(EMAIL.buyer)}`]: { address: EMAIL.buyer, verifiedAt: CREATED },
  [`rateLimits/1795600800_${encodeURIComponent(`orders:${UID.buyer}`)}`]: { key: `orders:${UID.buyer}`, windowStart: CREATED, count: 1, expiresAt: CREATED },
};

const only = (prefix: string) => Object.keys(SEED).find((path) => path.startsWith(prefix))!;
/** The document of the owner each caller aims at: its own, except that others aim at the buyer's. */
const ownerAimedAt = (actor: Actor) => (actor === "buyer" || actor === "removed" ? UID[actor] : UID.buyer);

interface Subject {
  /** The collection's path; a subcollection's under its parent. */
  path: string;
  /** The document each caller reads, updates or deletes. */
  target: (actor: Actor) => string;
  list: (db: Firestore, actor: Actor) => Query;
  /** The change tried; for tools and reviews, the one an admin may make. */
  update: (actor: Actor) => Data;
  /** Whether a document's id means something (a uid), so writes aim at the seeded one, not a copy. */
  idIsIdentity?: boolean;
}

/** The public read a signed-out screen makes, or for an admin the whole collection. */
const publicList = (path: string, field: string, value: unknown) => (db: Firestore, actor: Actor) =>
  actor === "admin" ? query(collection(db, path)) : query(collection(db, path), where(field, "==", value));

/** A buyer's screen asks for its own documents; an admin's for all. */
const ownedList = (path: string, field: string) => (db: Firestore, actor: Actor) =>
  actor === "admin" ? query(collection(db, path)) : query(collection(db, path), where(field, "==", ownerAimedAt(actor)));

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
    update: (actor) => ({ name: "Claw Hammer XL", nameLower: "claw hammer xl", unitPriceCents: 1500, updatedAt: serverTimestamp(), updatedBy: uidOf(actor) }),
  },
  stockMovements: {
    path: "tools/tool-1/stockMovements",
    target: () => "tools/tool-1/stockMovements/1",
    list: (db) => query(collection(db, "tools/tool-1/stockMovements"), orderBy("seq", "desc")),
    update: () => ({ quantity: 1000 }),
  },
  users: {
    path: "users",
    target: (actor) => `users/${ownerAimedAt(actor)}`,
    list: (db, actor) => query(collection(db, "users"), ...(actor === "admin" ? [] : [where("email", "==", EMAIL[actor === "removed" ? "removed" : "buyer"])])),
    update: () => ({ education: "Cambridge" }),
    idIsIdentity: true,
  },
  userEmails: serverOnly("userEmails", { uid: UID.otherBuyer }),
  orders: {
    path: "orders",
    target: (actor) => `orders/order-${ownerAimedAt(actor)}`,
    list: ownedList("orders", "buyerUid"),
    update: () => ({ status: "paid", paidAt: serverTimestamp() }),
  },
  payments: serverOnly("payments", { status: "succeeded" }),
  paymentEvents: serverOnly("paymentEvents"),
  sandboxIntents: serverOnly("sandboxIntents", { status: "succeeded" }),
  reviews: {
    path: "reviews",
    target: () => "reviews/review-shown",
    list: publicList("reviews", "shown", true),
    update: (actor) => ({ shown: false, removedAt: serverTimestamp(), removedBy: uidOf(actor) }),
  },
  wishes: {
    path: "wishes",
    target: (actor) => `wishes/wish-${ownerAimedAt(actor)}`,
    list: ownedList("wishes", "wisherUid"),
    update: () => ({ status: "done", resolvedAt: serverTimestamp() }),
  },
  wishGroups: serverOnly("wishGroups", { count: 0 }),
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

type Caller = Actor | "removedAdmin" | "newcomer";
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
    case "admin":
      return env.authenticatedContext(UID.admin, { email: EMAIL.admin, admin: true });
    case "removedAdmin":
      // Removed, but the ID token issued before still carries the claim until it expires.
      return env.authenticatedContext(UID.removedAdmin, { email: "former-admin@toolshop.test", admin: true });
    case "newcomer":
      // Signed in to Firebase, with no shop account yet.
      return env.authenticatedContext("uid-newcomer", { email: "new@toolshop.test" });
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
      const path = subject.idIsIdentity ? `${subject.path}/uid-newcomer` : `${subject.path}/new-${++copies}`;
      return setDoc(doc(db, path), SEED[subject.target(actor)]!);
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

describe("an admin's edit of a tool", () => {
  const valid = (changes: Data = {}): Data => ({
    name: "Claw Hammer XL",
    nameLower: "claw hammer xl",
    updatedAt: serverTimestamp(),
    updatedBy: UID.admin,
    ...changes,
  });
  /** Declared with its test, so the copy it edits is seeded before the tests run. */
  const edit = (changes: Data, { who = "admin", tool = "tools/tool-1" }: { who?: Caller; tool?: string } = {}) => {
    const path = copyOf(tool);
    return () => updateDoc(doc(dbOf(who), path), changes);
  };

  const allowed: [string, Data][] = [
    ["every catalogue field within its bounds", valid({ unitPriceCents: 99_999_999, description: "d".repeat(2000), minOrderQuantity: 100, img: "https://cdn.example.com/hammer.png?size=2", lowStock: false })],
    ["a price of nothing and a name of 120 characters", valid({ unitPriceCents: 0, name: "N".repeat(120), nameLower: "n".repeat(120) })],
    ["a minimum above the stock, with lowStock saying so", valid({ minOrderQuantity: 1_000_000, lowStock: true })],
    ["an image at the site's root", valid({ img: "/" })],
    ["an HTTPS address in capitals with a port", valid({ img: "HTTPS://cdn.example.com:8443/x.png" })],
  ];
  for (const [what, changes] of allowed) {
    const run = edit(changes);
    it(`when an admin changes ${what}, then it is allowed`, async () => {
      await assertSucceeds(run());
    });
  }

  const refused: [string, Data][] = [
    ["the stock", valid({ stock: 101 })],
    ["the stock by an increment", valid({ stock: increment(-1) })],
    ["the stock ledger's sequence", valid({ ledgerSeq: 2 })],
    ["when it was listed", valid({ createdAt: REMOVED })],
    ["its deletion", valid({ deletedAt: serverTimestamp() })],
    ["a field the catalogue does not have", valid({ featured: true })],
    ["an empty name", valid({ name: "", nameLower: "" })],
    ["a name of 121 characters", valid({ name: "N".repeat(121), nameLower: "n".repeat(121) })],
    ["a name with spaces around it", valid({ name: " Claw Hammer ", nameLower: " claw hammer " })],
    ["a name that is not text", valid({ name: 42, nameLower: 42 })],
    ["a sort name that is not the name in lower case", valid({ nameLower: "aaa first" })],
    ["a negative price", valid({ unitPriceCents: -1 })],
    ["a price over a card's limit", valid({ unitPriceCents: 100_000_000 })],
    ["a price in fractions of a cent", valid({ unitPriceCents: 1250.5 })],
    ["a price as text", valid({ unitPriceCents: "1250" })],
    ["a description of 2001 characters", valid({ description: "d".repeat(2001) })],
    ["an empty description", valid({ description: "" })],
    ["a minimum order of 0", valid({ minOrderQuantity: 0, lowStock: false })],
    ["a minimum order over 1,000,000", valid({ minOrderQuantity: 1_000_001, lowStock: true })],
    ["a minimum order that is not whole", valid({ minOrderQuantity: 2.5 })],
    ["a minimum above the stock with lowStock false", valid({ minOrderQuantity: 200 })],
    ["lowStock true while the stock reaches the minimum", valid({ lowStock: true })],
    ["an image on another host by //", valid({ img: "//evil.example/x.png" })],
    ["an image over http", valid({ img: "http://cdn.example.com/x.png" })],
    ["an image address with credentials", valid({ img: "https://user:pw@cdn.example.com/x.png" })],
    ["an image address without a host", valid({ img: "https:///x.png" })],
    ["an image path with a space", valid({ img: "/images/a b.png" })],
    ["an image path with a backslash", valid({ img: "/\\evil.example/x.png" })],
    ["an image path with a control character", valid({ img: "/images/a\u0085b.png" })],
    ["an image path with a no-break space", valid({ img: "/images/a\u00a0b.png" })],
    ["an image address with a line separator", valid({ img: "https://cdn.example.com/a\u2028b.png" })],
    ["an image path with a byte order mark", valid({ img: "/\ufeffimages/a.png" })],
    ["a javascript: image", valid({ img: "javascript:alert(1)" })],
    ["an image address of 2049 characters", valid({ img: `/${"a".repeat(2048)}` })],
    ["the edit stamped with another admin", valid({ updatedBy: UID.otherBuyer })],
    ["the edit stamped with a time of its own", valid({ updatedAt: REMOVED })],
    ["the edit left unstamped", { name: "Claw Hammer XL", nameLower: "claw hammer xl" }],
  ];
  for (const [what, changes] of refused) {
    const run = edit(changes);
    it(`when an admin changes ${what}, then it is refused`, async () => {
      await assertFails(run());
    });
  }

  const deletedTool = edit(valid(), { tool: "tools/tool-deleted" });
  it("when an admin edits a deleted tool, then it is refused", async () => {
    await assertFails(deletedTool());
  });

  const byRemovedAdmin = edit(valid({ updatedBy: UID.removedAdmin }), { who: "removedAdmin" });
  it("when a removed admin edits a tool with the claim still in the token, then it is refused", async () => {
    await assertFails(byRemovedAdmin());
  });

  it("when an admin creates a tool, whatever its fields, then it is refused: stock starts on the server", async () => {
    await assertFails(setDoc(doc(dbOf("admin"), "tools/tool-new"), { ...tool, createdAt: serverTimestamp() }));
  });
});

describe("an admin's take-down of a review", () => {
  const takeDown = (changes: Data, review = "reviews/review-shown") => {
    const path = copyOf(review);
    return () => updateDoc(doc(dbOf("admin"), path), changes);
  };
  const valid = (changes: Data = {}): Data => ({ shown: false, removedAt: serverTimestamp(), removedBy: UID.admin, ...changes });

  const allowed = takeDown(valid());
  it("when an admin takes a shown review down, stamped with themselves and the time, then it is allowed", async () => {
    await assertSucceeds(allowed());
  });

  const refused: [string, Data, string?][] = [
    ["a review already down", valid(), "reviews/review-down"],
    ["a review left shown", valid({ shown: true })],
    ["a review's rating changed with it", valid({ rating: 1 })],
    ["a review's text changed with it", valid({ review: "Slow." })],
    ["a take-down stamped with a time of its own", valid({ removedAt: REMOVED })],
    ["a take-down stamped with another admin", valid({ removedBy: UID.otherBuyer })],
  ];
  for (const [what, changes, review] of refused) {
    const run = takeDown(changes, review);
    it(`when an admin sends ${what}, then it is refused`, async () => {
      await assertFails(run());
    });
  }
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
    await assertSucceeds(list("buyer", "orders", where("buyerUid", "==", UID.buyer), where("live", "==", true), orderBy("createdAt", "desc")));
    await assertFails(list("buyer", "orders"));
    await assertFails(list("buyer", "orders", where("buyerUid", "==", UID.otherBuyer)));
  });

  it("when another buyer reads their own order and wish, then it is allowed", async () => {
    await assertSucceeds(read("otherBuyer", `orders/order-${UID.otherBuyer}`));
    await assertSucceeds(read("otherBuyer", `wishes/wish-${UID.otherBuyer}`));
  });

  it("when a removed admin reads with the claim still in the token, then nothing private is allowed", async () => {
    await assertFails(read("removedAdmin", `orders/order-${UID.buyer}`));
    await assertFails(list("removedAdmin", "users"));
    await assertFails(list("removedAdmin", "auditLog"));
    await assertSucceeds(read("removedAdmin", "tools/tool-1"));
  });

  it("when someone signed in without a shop account reads or makes one, then it is refused", async () => {
    await assertFails(read("newcomer", "users/uid-newcomer"));
    await assertFails(setDoc(doc(dbOf("newcomer"), "users/uid-newcomer"), account("new@toolshop.test", "admin")));
    await assertFails(list("newcomer", "orders", where("buyerUid", "==", "uid-newcomer")));
  });

  it("when a buyer's token carries the admin claim their account does not (a Make Admin that did not commit), then admin reads are refused", async () => {
    const db = firestoreOf(env.authenticatedContext(UID.buyer, { email: EMAIL.buyer, admin: true }));
    await assertFails(getDocs(collection(db, "users")));
    await assertFails(getDoc(doc(db, `orders/order-${UID.otherBuyer}`)));
    await assertSucceeds(getDoc(doc(db, `users/${UID.buyer}`)));
  });

  it('when a buyer\'s token carries the claim as the text "true", then admin reads are refused', async () => {
    const db = firestoreOf(env.authenticatedContext(UID.buyer, { email: EMAIL.buyer, admin: "true" }));
    await assertFails(getDocs(collection(db, "users")));
  });
});
