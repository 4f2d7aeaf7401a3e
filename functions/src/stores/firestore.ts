import type { Firestore } from "firebase-admin/firestore";
import { withinDeadline } from "../firestore/deadline.js";
import { DocumentLanes } from "../firestore/document-lanes.js";
import { firestoreRateLimitCounter } from "../firestore/rate-limit-counter.js";
import { firestoreUnitOfWork } from "../firestore/unit-of-work.js";
import { firestoreAuditStore } from "../modules/audit/firestore/audit.repository.js";
import { firestoreCartStore } from "../modules/cart/firestore/cart.repository.js";
import { firestoreMailStore } from "../modules/mail/firestore/mail.repository.js";
import { firestoreOrdersStore } from "../modules/orders/firestore/orders.repository.js";
import { firestoreTimeZones } from "../modules/overview/firestore/time-zones.js";
import { firestorePaymentsStore } from "../modules/payments/firestore/payments.repository.js";
import { firestoreSandboxStore } from "../modules/payments/sandbox/firestore/sandbox.repository.js";
import { firestoreReviewsStore } from "../modules/reviews/firestore/reviews.repository.js";
import { firestoreToolsStore } from "../modules/tools/firestore/tools.repository.js";
import { firestoreUsersStore } from "../modules/users/firestore/users.repository.js";
import { firestoreWishesStore } from "../modules/wishes/firestore/wishes.repository.js";
import type { Stores } from "./postgres.js";

const PING_DEADLINE_MS = 5_000;

/**
 * One read of a document that need not exist: it answers only when Firestore does. The SDK retries
 * an unreachable Firestore for most of a minute; the health check says so within seconds instead.
 */
async function pingFirestore(db: Firestore): Promise<void> {
  await withinDeadline(db.doc("counters/ping").get(), PING_DEADLINE_MS, "the health check");
}

/** The stores in Firestore (docs/firestore.md): the project's default database, or the emulator's. */
export function firestoreStores(db: Firestore): Stores {
  // One instance's lanes, for every change it makes (document-lanes.ts).
  const lanes = new DocumentLanes();
  return {
    kind: "firestore",
    change: firestoreUnitOfWork(db, lanes),
    ping: () => pingFirestore(db),
    rateLimits: firestoreRateLimitCounter(db),
    timeZones: firestoreTimeZones(),
    audit: firestoreAuditStore(db),
    cart: firestoreCartStore(db),
    mail: firestoreMailStore(db, lanes),
    orders: firestoreOrdersStore(db),
    payments: firestorePaymentsStore(db),
    sandbox: firestoreSandboxStore(db),
    reviews: firestoreReviewsStore(db),
    tools: firestoreToolsStore(db),
    users: firestoreUsersStore(db),
    wishes: firestoreWishesStore(db, lanes),
  };
}
