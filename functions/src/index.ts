import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { logger } from "firebase-functions";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { loadEnv } from "./config/env.js";
import { apiFunctionOptions, jobFunctionOptions } from "./config/function-options.js";
import { SCHEDULED_JOBS, type ScheduledJob } from "./jobs/schedule.js";
import { serviceUnavailable, toProblem } from "./lib/errors.js";
import { API_SECURITY_HEADERS } from "./lib/security-headers.js";
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
    // A database that is down at cold start must not poison the instance for good. A setting that
    // is wrong fails every request the same way, so the log says which.
    handler = undefined;
    logger.error(`The API could not start: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  });
  return handler;
}

export const api = onRequest(apiFunctionOptions(), async (request, response) => {
  let route: Handler;
  try {
    route = await appHandler();
  } catch {
    const problem = toProblem(serviceUnavailable("The service is starting. Please retry shortly."));
    response.status(problem.status).set(API_SECURITY_HEADERS).type("application/problem+json").send(problem);
    return;
  }
  route(request, response);
});

/**
 * Each scheduled job as a function of its own, from the one declaration the local timers run too:
 * the emulators have no Pub/Sub to trigger these, so `npm start` and the plain server run the same
 * jobs on timers (jobs/run-on-timers.ts). One instance each, as the connection budget counts them
 * (config/connection-budget.ts).
 */
function scheduledFunction(job: ScheduledJob) {
  return onSchedule(
    { ...jobFunctionOptions(process.env, { secrets: job.secrets }), schedule: job.schedule, timeoutSeconds: job.timeoutSeconds },
    () => job.run({ env: loadEnv(), log: logger }),
  );
}

export const releaseUnpaidOrders = scheduledFunction(SCHEDULED_JOBS.releaseUnpaidOrders);
export const retryDueRefunds = scheduledFunction(SCHEDULED_JOBS.retryDueRefunds);
export const sendMail = scheduledFunction(SCHEDULED_JOBS.sendMail);
export const syncIdentities = scheduledFunction(SCHEDULED_JOBS.syncIdentities);
