import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../../src/db/client.js";
import { applyMigrations } from "../../src/db/migrate.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { type ApiServer, startApiServer } from "../support/faults-processes.js";
import { type Attempt, duplicatedKeys, FAULTS_TOKEN_SECRET, incompleteOrders, orderStream, readBooks, seedShop } from "../support/faults-shop.js";

// PostgreSQL ending the API's connections under its feet, as a restart, a failover or an
// administrator does. Only PostgreSQL can end one session from another (pg_terminate_backend).

const STOCK = 10_000;

let database: TestDatabase;
let admin: pg.Client;
const servers: ApiServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await admin?.end();
  await database?.close();
});

/** Ends every session on the test database but the caller's, and returns how many there were. */
async function endOtherSessions(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.filter((row) => row.ended).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilPlacedSince(attempts: Attempt[], since: number): Promise<void> {
  const deadline = performance.now() + 20_000;
  while (!attempts.some((a) => a.status === 201 && a.sentAt >= since)) {
    if (performance.now() > deadline) throw new Error("no order was placed for 20 s");
    await sleep(10);
  }
}

describe("connections ended by PostgreSQL", () => {
  it("when PostgreSQL ends every connection of the API again and again in the middle of orders, then the server keeps running, answers 503 meanwhile, and every acknowledged order is there once", async () => {
    const server = await startApiServer({ databaseUrl: database.url, tokenSecret: FAULTS_TOKEN_SECRET, from: "source" });
    servers.push(server);
    const shop = await seedShop(database.url, STOCK);
    const attempts: Attempt[] = [];
    const stream = orderStream(8, { baseUrl: () => server.url, token: shop.buyer.token, toolId: shop.toolId, retryDelayMs: 20, giveUpAfterMs: 20_000, onAttempt: (a) => attempts.push(a) });
    let ended = 0;
    try {
      for (let round = 0; round < 8; round++) {
        await untilPlacedSince(attempts, performance.now());
        ended += await endOtherSessions();
      }
      await untilPlacedSince(attempts, performance.now());
    } finally {
      await stream.stop();
    }
    const alive = server.process.exitCode === null && server.process.signalCode === null;
    await server.stop();

    expect(ended).toBeGreaterThan(0);
    expect(alive, "the server process survived").toBe(true);
    expect(attempts.filter((a) => a.status !== 201 && a.status !== 503).map((a) => a.status)).toEqual([]);
    const books = await readBooks(database.url, shop.toolId);
    expect(books.orders).toHaveLength(stream.outcomes.length);
    expect(duplicatedKeys(books)).toEqual([]);
    expect(incompleteOrders(books, shop)).toEqual([]);
    expect(books.aq + books.liveQuantity).toBe(STOCK);
  }, 60_000);

  it("when the connection of a client held outside any query is ended, then the pool's only place is free again without waiting for its holder to give it back", async () => {
    const handle = connectDatabase({ url: database.url, poolMax: 1 });
    try {
      await applyMigrations(handle.pool);
      // Held as a transaction holds it between statements; a holder whose BEGIN failed never gives it back.
      await handle.pool.connect();
      expect(await endOtherSessions()).toBe(1);
      const started = performance.now();
      const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
      // Far below the pool's 10 s wait for a free place.
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await handle.close();
    }
  });
});
