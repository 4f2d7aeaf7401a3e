import { type LoadedEnv, mailSettings, paymentsSettings, shopUrlOf } from "../config/env.js";
import { firebaseIdentity } from "../lib/firebase-identity.js";
import { openStores } from "../stores/open.js";
import type { Stores } from "../stores/postgres.js";
import { releaseUnpaidOrders } from "./release-unpaid-orders.js";
import { describeSweep, retryDueRefunds } from "./retry-due-refunds.js";
import { describeDelivery, sendMail } from "./send-mail.js";
import { describeIdentitySweep, syncIdentities } from "./sync-identities.js";

/** Where a job says what it did: Cloud Logging when deployed, the server's or the terminal's log locally. */
export interface JobLog {
  info(message: string): void;
  error(message: string): void;
}

export interface JobContext {
  env: LoadedEnv;
  log: JobLog;
}

/**
 * Work done on a clock rather than on a request. Deployed, each job is a scheduled Cloud Function
 * (index.ts); the emulators have no Pub/Sub to trigger those, so the plain server and `npm start`
 * run the same `run` on timers of the same interval (run-on-timers.ts).
 */
export interface ScheduledJob {
  /** Cloud Scheduler's schedule, "every N minutes". */
  schedule: string;
  /** The same interval, for the local timers. */
  intervalMs: number;
  /** A shorter interval for the local timers, where a run costs next to nothing and a person is waiting to see its result. */
  localIntervalMs?: number;
  /** How long one run may take before Cloud Functions stops it. */
  timeoutSeconds: number;
  /** Secrets this job alone reads, declared by its function only. */
  secrets?: readonly string[];
  /** One run, self-contained as a scheduled function's: connects, does the work, logs it, closes. */
  run(context: JobContext): Promise<void>;
}

const everyMinutes = (minutes: number) => ({ schedule: `every ${minutes} minutes`, intervalMs: minutes * 60_000 });

/** On PostgreSQL a single connection: a run is a few statements, and the connection budget keeps one per job (config/connection-budget.ts). */
async function withStores<T>({ env }: JobContext, work: (stores: Stores) => Promise<T>): Promise<T> {
  const store = await openStores(env, { poolMax: 1, migrate: false });
  try {
    return await work(store.stores);
  } finally {
    await store.close();
  }
}

/** Every scheduled job, under the name of the Cloud Function index.ts exports for it. */
export const SCHEDULED_JOBS = {
  // Every minute, so an order goes back on sale within a minute of the time My Orders shows for it.
  releaseUnpaidOrders: {
    ...everyMinutes(1),
    timeoutSeconds: 60,
    async run(context) {
      const released = await withStores(context, (stores) => releaseUnpaidOrders(stores, { shopUrl: shopUrlOf(context.env) }));
      if (released > 0) context.log.info(`Released ${released} unpaid order${released === 1 ? "" : "s"} past ${released === 1 ? "its" : "their"} hold`);
    },
  },
  // A refund the provider failed outside a webhook would otherwise stay owed for good. The longer
  // timeout leaves room for the provider's own timeouts and retries in a run that meets an outage.
  retryDueRefunds: {
    ...everyMinutes(15),
    timeoutSeconds: 300,
    async run(context) {
      const result = await withStores(context, (stores) => retryDueRefunds(stores, paymentsSettings(context.env), { shopUrl: shopUrlOf(context.env) }));
      const summary = describeSweep(result);
      // Error level: a buyer is still owed money, which someone should look at if it lasts.
      if (summary && result.stillDue.length > 0) context.log.error(summary);
      else if (summary) context.log.info(summary);
    },
  },
  // The outbox's e-mail (docs/decisions/0016-email-outbox.md): every minute deployed, so a buyer
  // hears within a minute or two; every two seconds on the local timers, where someone is watching
  // the inbox.
  sendMail: {
    ...everyMinutes(1),
    localIntervalMs: 2_000,
    timeoutSeconds: 120,
    secrets: ["SMTP_URL"],
    async run(context) {
      const report = await withStores(context, (stores) => sendMail(stores, mailSettings(context.env)));
      const summary = describeDelivery(report);
      // Error level when mail cannot go at all: buyers are waiting for it, and someone should look.
      if (summary && report.serverUnavailable) context.log.error(summary);
      else if (summary) context.log.info(summary);
    },
  },
  // A Firebase claim or disabling that Make Admin or Remove User could not make once it had
  // committed (modules/users/identity-sync.ts): every minute, so Firebase agrees with the shop
  // within a minute or two of Firebase answering again.
  syncIdentities: {
    ...everyMinutes(1),
    timeoutSeconds: 120,
    async run(context) {
      const identity = firebaseIdentity(context.env.FIREBASE_PROJECT_ID);
      const sweep = await withStores(context, (stores) => syncIdentities(stores, identity));
      const summary = describeIdentitySweep(sweep);
      // Error level while Firebase disagrees: a removed account can still sign in to Firebase (not to
      // the shop), or a new admin lacks the claim the security rules ask for.
      if (summary && sweep.stillDue.length > 0) context.log.error(summary);
      else if (summary) context.log.info(summary);
    },
  },
} satisfies Record<string, ScheduledJob>;

export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
