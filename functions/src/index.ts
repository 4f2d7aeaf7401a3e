import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { onRequest } from "firebase-functions/v2/https";
import { startRuntime } from "./runtime.js";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let handler: Promise<Handler> | undefined;

// Fastify's documented Cloud Functions integration: Fastify routes the requests the function
// receives instead of listening itself. The app starts once per instance, on the first request.
function appHandler(): Promise<Handler> {
  handler ??= (async () => {
    let route: Handler | undefined;
    const { app } = await startRuntime({
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

export const api = onRequest({ region: "us-central1", memory: "512MiB", concurrency: 80 }, async (request, response) => {
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
