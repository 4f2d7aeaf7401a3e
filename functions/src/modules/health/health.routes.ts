import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthStatus, type HealthStatus } from "./health.schemas.js";

export interface HealthRoutesOptions {
  /** One round trip to the shop's store (`Stores.ping`); rejects when the store cannot be reached. */
  ping: () => Promise<void>;
  /** Which store that is (`Stores.kind`). */
  store: HealthStatus["store"];
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { ping, store }) => {
  // A failed round trip becomes a 503 through the shared error handler.
  app.get("/health", { schema: { tags: ["health"], response: { 200: healthStatus } } }, async () => {
    await ping();
    return { status: "ok" as const, database: "ok" as const, store };
  });
};
