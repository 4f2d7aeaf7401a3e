import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

export interface HealthRoutesOptions {
  /** One round trip to the shop's store (`Stores.ping`); rejects when the store cannot be reached. */
  ping: () => Promise<void>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { ping }) => {
  // A failed round trip becomes a 503 through the shared error handler.
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: z.object({ status: z.literal("ok"), database: z.literal("ok") }) } } },
    async () => {
      await ping();
      return { status: "ok" as const, database: "ok" as const };
    },
  );
};
