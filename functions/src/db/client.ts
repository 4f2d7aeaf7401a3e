import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { keepBrokenClientsOutOfThePool } from "./adapters/pg-broken-clients.js";
import * as schema from "./schema.js";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a repository runs its queries on: the database or a transaction in progress. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
}

export function connectDatabase({ url, poolMax = 10 }: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    // A database that is down refuses at once and the API answers 503. This bounds the other waits:
    // a burst queued for a pooled connection (PGlite serves one transaction at a time), or a server
    // that does not answer at all.
    connectionTimeoutMillis: 10_000,
    query_timeout: 10_000,
    // The same bounds on the server's side: a statement the client gave up on must not go on
    // running there, holding locks and a connection, after its client has been closed. (PGlite
    // ignores these; it runs one statement at a time in this process's own database server.)
    statement_timeout: 9_500,
    idle_in_transaction_session_timeout: 20_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  keepBrokenClientsOutOfThePool(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    close: () => pool.end(),
  };
}
