import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { type ApiServer, startApiServer } from "../support/faults-processes.js";
import { duplicatedKeys, FAULTS_TOKEN_SECRET, incompleteOrders, orderStream, readBooks, seedShop } from "../support/faults-shop.js";

// The API as its own process on this file's database, killed with SIGKILL while orders are under
// way: no shutdown hook runs, connections drop mid-transaction, and a new process takes over.

const STOCK = 10_000;
const BUYERS_AT_ONCE = 8;
const ORDERS_PER_SERVER = 20;

let database: TestDatabase;
const servers: ApiServer[] = [];

const startServer = async () => {
  const server = await startApiServer({ databaseUrl: database.url, tokenSecret: FAULTS_TOKEN_SECRET, from: "source" });
  servers.push(server);
  return server;
};

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.close();
});

describe("the API process killed in the middle of orders", () => {
  // Two server start-ups and a stream of orders on a machine that may be busy: generous, not slow.
  it("when the server is killed mid-stream and a new one starts on the same database, then every acknowledged order is there, complete and once, and stock accounts for every unit", async () => {
    const first = await startServer();
    const shop = await seedShop(database.url, STOCK);
    let serving = first.url;
    const stream = orderStream(BUYERS_AT_ONCE, { baseUrl: () => serving, token: shop.buyer.token, toolId: shop.toolId, retryDelayMs: 50, giveUpAfterMs: 30_000 });
    const acknowledged = () => stream.outcomes.filter((o) => o.status === 201).length;
    let killedAt = 0;
    try {
      await until(() => acknowledged() >= ORDERS_PER_SERVER, "the first server places its orders");
      killedAt = performance.now();
      await first.kill();
      const second = await startServer();
      serving = second.url;
      const beforeRestart = acknowledged();
      await until(() => acknowledged() >= beforeRestart + ORDERS_PER_SERVER, "the new server places its orders");
    } finally {
      await stream.stop();
    }
    const { outcomes } = stream;

    // Requests under way when the process died got no answer; their clients asked the new server.
    const cutOff = outcomes.filter((o) => o.attempts.some((a) => a.status === 0 && a.sentAt < killedAt));
    expect(cutOff.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.status !== 201).map(({ key, status }) => ({ key, status }))).toEqual([]);

    const books = await readBooks(database.url, shop.toolId);
    const ordersByKey = new Map(books.orders.map((row) => [row.idempotencyKey, row.id]));
    expect(outcomes.filter((o) => ordersByKey.get(o.key) !== o.orderId).map(({ key, orderId }) => ({ key, orderId }))).toEqual([]);
    // Every key has its one order, and nothing else was written: no order from a request nobody saw through.
    expect(books.orders).toHaveLength(outcomes.length);
    expect(duplicatedKeys(books)).toEqual([]);
    expect(incompleteOrders(books, shop)).toEqual([]);
    expect(books.aq + books.liveQuantity).toBe(STOCK);
  }, 120_000);
});
