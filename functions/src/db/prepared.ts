import type pg from "pg";
import { canName } from "./adapters/pglite-detection.js";
import type { Database } from "./client.js";

/** Runs a fixed statement that runs on every request, planned once per connection where it can be. */
export async function queryPrepared<R extends pg.QueryResultRow>(db: Database, name: string, text: string, values: unknown[]): Promise<R[]> {
  const pool = db.$client;
  const query = (await canName(pool)) ? { name, text, values } : { text, values };
  return (await pool.query<R>(query)).rows;
}
