import { z } from "zod";
import { paymentsSettings } from "./config/env.js";
import { releaseUnpaidOrders } from "./jobs/release-unpaid-orders.js";
import { describeSweep, retryDueRefunds } from "./jobs/retry-due-refunds.js";
import { startRuntime } from "./runtime.js";

const RELEASE_EVERY_MS = 15 * 60_000;
const REFUNDS_EVERY_MS = 15 * 60_000;

// Only the plain server listens on a port; inside Cloud Functions PORT names a socket.
const listenSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default("127.0.0.1"),
});

/** Runs the same app as a plain Node server on DATABASE_URL, for self-hosting and benchmarks. */
async function main() {
  const listen = listenSchema.parse(process.env);
  const runtime = await startRuntime();
  await runtime.app.listen({ port: listen.PORT, host: listen.HOST });
  // Cloud Functions runs this on a schedule; a plain server runs it itself.
  const release = () =>
    releaseUnpaidOrders(runtime.db, runtime.env.ORDER_HOLD_HOURS).then(
      (released) => released > 0 && runtime.app.log.info(`Released ${released} unpaid orders`),
      (error: unknown) => runtime.app.log.warn({ err: error }, "releasing unpaid orders failed"),
    );
  void release();
  setInterval(release, RELEASE_EVERY_MS).unref();
  const payments = paymentsSettings(runtime.env);
  const refund = () =>
    retryDueRefunds(runtime.db, payments).then(
      (result) => {
        const summary = describeSweep(result);
        // A buyer still owed money is worth more than a warning if it lasts.
        if (summary) runtime.app.log[result.stillDue.length > 0 ? "error" : "info"](summary);
      },
      (error: unknown) => runtime.app.log.warn({ err: error }, "retrying due refunds failed"),
    );
  void refund();
  setInterval(refund, REFUNDS_EVERY_MS).unref();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
