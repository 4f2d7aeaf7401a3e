import { z } from "zod";

/**
 * GET /health: the store answered, and which store it is. The web follows an order's status live
 * from Firestore, under the rules; with PostgreSQL it asks the API again now and then instead.
 */
export const healthStatus = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  store: z.enum(["postgres", "firestore"]),
});
export type HealthStatus = z.infer<typeof healthStatus>;
