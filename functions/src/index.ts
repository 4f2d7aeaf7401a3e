import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { logger } from "firebase-functions";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { loadEnv, paymentsSettings } from "./config/env.js";
import { connectDatabase } from "./db/client.js";
import { releaseUnpaidOrders as releaseExpired } from "./jobs/release-unpaid-orders.js";
import { describeSweep, retryDueRefunds as retryRefunds } from "./jobs/retry-due-refunds.js";
import { startRuntime } from "./runtime.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let handler: Promise<Handler> | undefined;

// Fastify's documented Cloud Functions integration: Fastify routes the requests the function
// receives instead of listening itself. The app starts once per instance, on the first request.
function appHandler(): Promise<Handler> {
  handler ??= (async () => {
    let route: Handler | undefined;
    const { app } = await startRuntime({
      // Google's front end appends the caller's address to X-Forwarded-For: one trusted hop.
      defaultTrustProxyHops: 1,
      serverFactory: (fastifyHandler) => {
        route = fastifyHandler;
        return createServer();
      },
    });
    await app.ready();
    if (!route) throw new Error("Fastify did not hand over its request handler");
    return route;
  })().catch((error: unknown) => {
    // A database that is down at cold start must not poison the instance for good.
    handler = undefined;
    throw error;
  });
  return handler;
}

// cors: false, because the web app and the API share one origin; without it the Functions emulator
// would answer any origin's preflight and reflect that origin, as production does not.
export const api = onRequest({ region: "us-central1", memory: "512MiB", concurrency: 80, cors: false }, async (request, response) => {
  let route: Handler;
  try {
    route = await appHandler();
  } catch {
    response
      .status(503)
      .type("application/problem+json")
      .send({ type: "about:blank", status: 503, title: "Service Unavailable", detail: "The service is starting. Please retry shortly.", code: "unavailable" });
    return;
  }
  route(request, response);
});

export const releaseUnpaidOrders = onSchedule({ schedule: "every 15 minutes", region: "us-central1" }, async () => {
  const env = loadEnv();
  const database = connectDatabase({ url: env.DATABASE_URL, poolMax: 1 });
  try {
    const released = await releaseExpired(database.db, env.ORDER_HOLD_HOURS);
    if (released > 0) logger.info(`Released ${released} unpaid orders older than ${env.ORDER_HOLD_HOURS} h`);
  } finally {
    await database.close();
  }
});

// A refund the provider failed outside a webhook would otherwise stay owed for good. The longer
// timeout leaves room for the provider's own timeouts and retries in a run that meets an outage.
export const retryDueRefunds = onSchedule({ schedule: "every 15 minutes", region: "us-central1", timeoutSeconds: 300 }, async () => {
  const env = loadEnv();
  const database = connectDatabase({ url: env.DATABASE_URL, poolMax: 1 });
  try {
    const result = await retryRefunds(database.db, paymentsSettings(env));
    const summary = describeSweep(result);
    // Error level: a buyer is still owed money, which someone should look at if it lasts.
    if (summary && result.stillDue.length > 0) logger.error(summary);
    else if (summary) logger.info(summary);
  } finally {
    await database.close();
  }
});
