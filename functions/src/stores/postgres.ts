import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";
import { postgresRateLimitCounter } from "../db/rate-limit-counter.js";
import { unitOfWork } from "../db/unit-of-work.js";
import type { RunChange } from "../lib/change.js";
import type { RateLimitCounter } from "../lib/rate-limit.js";
import type { AuditStore } from "../modules/audit/audit.store.js";
import { postgresAuditStore } from "../modules/audit/postgres/audit.repository.js";
import type { CartStore } from "../modules/cart/cart.store.js";
import { postgresCartStore } from "../modules/cart/postgres/cart.repository.js";
import type { MailStore } from "../modules/mail/mail.store.js";
import type { OrdersStore } from "../modules/orders/orders.store.js";
import { postgresOrdersStore } from "../modules/orders/postgres/orders.repository.js";
import { postgresMailStore } from "../modules/mail/postgres/mail.repository.js";
import type { PaymentsStore } from "../modules/payments/payments.store.js";
import { postgresPaymentsStore } from "../modules/payments/postgres/payments.repository.js";
import { postgresSandboxStore } from "../modules/payments/sandbox/postgres/sandbox.repository.js";
import type { SandboxStore } from "../modules/payments/sandbox/sandbox.store.js";
import { postgresTimeZones } from "../modules/overview/postgres/time-zones.js";
import type { TimeZones } from "../modules/overview/time-zones.js";
import { postgresReviewsStore } from "../modules/reviews/postgres/reviews.repository.js";
import type { ReviewsStore } from "../modules/reviews/reviews.store.js";
import { postgresToolsStore } from "../modules/tools/postgres/tools.repository.js";
import type { ToolsStore } from "../modules/tools/tools.store.js";
import { postgresUsersStore } from "../modules/users/postgres/users.repository.js";
import type { UsersStore } from "../modules/users/users.store.js";
import { postgresWishesStore } from "../modules/wishes/postgres/wishes.repository.js";
import type { WishesStore } from "../modules/wishes/wishes.store.js";

/**
 * Every module's store, and the unit of work that spans them: the shop's data as one store keeps
 * it. Services are given these ports and never learn which store is behind them.
 */
export interface Stores {
  /** Which store keeps the data: the web follows orders live from Firestore and polls PostgreSQL's. */
  kind: "postgres" | "firestore";
  change: RunChange;
  /** One round trip to the store, for the health check; rejects when the store cannot be reached. */
  ping(): Promise<void>;
  /** The requests counted against the rate limits, shared by every instance on the store. */
  rateLimits: RateLimitCounter;
  /** The zones the overview counts in: Intl's, and those the store knows. */
  timeZones: TimeZones;
  audit: AuditStore;
  cart: CartStore;
  mail: MailStore;
  orders: OrdersStore;
  payments: PaymentsStore;
  sandbox: SandboxStore;
  reviews: ReviewsStore;
  tools: ToolsStore;
  users: UsersStore;
  wishes: WishesStore;
}

/** The stores in PostgreSQL (Cloud SQL, any server, or the embedded PGlite). */
export function postgresStores(db: Database): Stores {
  return {
    kind: "postgres",
    change: unitOfWork(db),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    rateLimits: postgresRateLimitCounter(db),
    timeZones: postgresTimeZones(db),
    audit: postgresAuditStore(db),
    cart: postgresCartStore(db),
    mail: postgresMailStore(db),
    orders: postgresOrdersStore(db),
    payments: postgresPaymentsStore(db),
    sandbox: postgresSandboxStore(db),
    reviews: postgresReviewsStore(db),
    tools: postgresToolsStore(db),
    users: postgresUsersStore(db),
    wishes: postgresWishesStore(db),
  };
}
