import { z } from "zod";

/**
 * Every function instance opens a pool of its own, so the database sees instances × pool
 * connections at the peak. The smallest Cloud SQL tier (db-f1-micro) allows 25, of which PostgreSQL
 * keeps 3 for superusers and Cloud SQL some for its own agents: 20 is what the shop may use there.
 */
export const DEFAULT_DATABASE_MAX_CONNECTIONS = 20;
export const DEFAULT_API_MAX_INSTANCES = 4;

/**
 * Connections outside the API pools: one for each scheduled job (each runs as a single instance)
 * and one for `npm run make-admin`. A cold start's migration connection is closed before its pool
 * opens one, so it needs no room of its own.
 */
export const RESERVED_CONNECTIONS = 5;

/** More connections than this per instance only queue work inside PostgreSQL on a small server. */
const DEFAULT_POOL_CEILING = 10;

export const connectionBudgetSchema = z.object({
  /** Connections every instance of the shop together may hold. */
  DATABASE_MAX_CONNECTIONS: z.coerce.number().int().min(2).max(10_000).default(DEFAULT_DATABASE_MAX_CONNECTIONS),
  /** How many API instances may run at once: the function's maxInstances, or the plain servers you run. */
  API_MAX_INSTANCES: z.coerce.number().int().min(1).max(1000).default(DEFAULT_API_MAX_INSTANCES),
  /** Connections per API instance; derived from the budget when unset. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).optional(),
});

export type ConnectionBudget = z.infer<typeof connectionBudgetSchema>;

/**
 * The pool each API instance may open so that all of them together, with the reserved
 * connections, stay within DATABASE_MAX_CONNECTIONS; a setting that cannot fit is refused.
 */
export function poolSizePerInstance(budget: ConnectionBudget): number {
  const forPools = budget.DATABASE_MAX_CONNECTIONS - RESERVED_CONNECTIONS;
  const fits = Math.floor(forPools / budget.API_MAX_INSTANCES);
  if (fits < 1) {
    throw new Error(
      `Invalid configuration: DATABASE_MAX_CONNECTIONS=${budget.DATABASE_MAX_CONNECTIONS} leaves no connection for each of ` +
        `API_MAX_INSTANCES=${budget.API_MAX_INSTANCES} instances (${RESERVED_CONNECTIONS} are kept for the scheduled jobs and make-admin); ` +
        "lower API_MAX_INSTANCES or put a pooler in front of the database",
    );
  }
  if (budget.DATABASE_POOL_MAX === undefined) return Math.min(fits, DEFAULT_POOL_CEILING);
  if (budget.DATABASE_POOL_MAX > fits) {
    throw new Error(
      `Invalid configuration: DATABASE_POOL_MAX=${budget.DATABASE_POOL_MAX} × API_MAX_INSTANCES=${budget.API_MAX_INSTANCES} ` +
        `+ ${RESERVED_CONNECTIONS} reserved exceeds DATABASE_MAX_CONNECTIONS=${budget.DATABASE_MAX_CONNECTIONS}; at most ${fits} fits`,
    );
  }
  return budget.DATABASE_POOL_MAX;
}

/**
 * The function's maxInstances, read when firebase-tools loads the code to deploy it: the same
 * variable, from functions/.env.<project>, then reaches the running instances, which size their
 * pools from it.
 */
export function apiMaxInstances(source: NodeJS.ProcessEnv = process.env): number {
  return connectionBudgetSchema.pick({ API_MAX_INSTANCES: true }).parse(source).API_MAX_INSTANCES;
}
