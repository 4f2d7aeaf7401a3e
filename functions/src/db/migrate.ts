import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any fixed number shared by every instance; it keeps two cold starts from migrating at once.
const MIGRATION_LOCK = 7_240_158;

export async function applyMigrations(pool: pg.Pool): Promise<void> {
  // A migration (an index built on a large table) may run longer than any API query is allowed to,
  // so it gets a connection of its own, without the pool's timeouts.
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
