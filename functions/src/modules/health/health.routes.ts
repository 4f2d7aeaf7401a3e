import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client.js";

export interface HealthRoutesOptions {
  db: Database;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { db }) => {
  // A failed query becomes a 503 through the shared error handler.
  app.get(
    "/health",
    { schema: { tags: ["health"], response: { 200: z.object({ status: z.literal("ok"), database: z.literal("ok") }) } } },
    async () => {
      await db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    },
  );
};
