import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/database.js";
import { connectDatabase, type DatabaseHandle } from "../db/client.js";
import { applyMigrations } from "../db/migrate.js";
import { postgresRateLimitCounter } from "../db/rate-limit-counter.js";
import { rateLimitCounters } from "../db/schema.js";

let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase({ url: testDatabase.url, poolMax: 10 });
  await applyMigrations(database.pool);
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.close();
});

let keys = 0;
const freshKey = () => `test key ${++keys}`;

/** Waits until the next window of `seconds` starts on the database's clock, with a little room. */
async function atWindowStart(seconds: number) {
  const { rows } = await database.pool.query<{ left: number }>("select $1::int - mod(extract(epoch from now())::numeric, $1::int) as left", [seconds]);
  await new Promise((resolve) => setTimeout(resolve, Number(rows[0]!.left) * 1000 + 50));
}

describe("the window counter in PostgreSQL", () => {
  // A test that counts to a limit in a minute's window starts at least 10 seconds before it ends.
  beforeEach(async () => {
    const { rows } = await database.pool.query<{ left: string }>("select 60 - mod(extract(epoch from now())::numeric, 60) as left");
    if (Number(rows[0]!.left) < 10) await atWindowStart(60);
  });

  it("when a key has used its limit, then it is refused until its window ends, with the seconds left to wait", async () => {
    const counter = postgresRateLimitCounter(database.db);
    const key = freshKey();
    expect(await counter.take(key, 2)).toEqual({ allowed: true });
    expect(await counter.take(key, 2)).toEqual({ allowed: true });
    const refused = await counter.take(key, 2);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("when one key is out of requests, then another key still has its own", async () => {
    const counter = postgresRateLimitCounter(database.db);
    const [a, b] = [freshKey(), freshKey()];
    expect((await counter.take(a, 1)).allowed).toBe(true);
    expect((await counter.take(a, 1)).allowed).toBe(false);
    expect((await counter.take(b, 1)).allowed).toBe(true);
  });

  it("when two counters (two instances) take from one key, then they share its limit", async () => {
    const [first, second] = [postgresRateLimitCounter(database.db), postgresRateLimitCounter(database.db)];
    const key = freshKey();
    expect((await first.take(key, 2)).allowed).toBe(true);
    expect((await second.take(key, 2)).allowed).toBe(true);
    expect((await first.take(key, 2)).allowed).toBe(false);
    expect((await second.take(key, 2)).allowed).toBe(false);
  });

  it("when 50 requests for one key arrive at once, then exactly the limit is let through", async () => {
    const counters = [postgresRateLimitCounter(database.db), postgresRateLimitCounter(database.db)];
    const key = freshKey();
    const taken = await Promise.all(Array.from({ length: 50 }, (_, i) => counters[i % 2]!.take(key, 7)));
    expect(taken.filter((t) => t.allowed)).toHaveLength(7);
  });

  it("when a refused key keeps asking, then its refusals do not push its window further out, and the next window lets it in", async () => {
    const counter = postgresRateLimitCounter(database.db, { windowSeconds: 2 });
    const key = freshKey();
    await atWindowStart(2);
    expect((await counter.take(key, 1)).allowed).toBe(true);
    const refusals = [];
    for (let i = 0; i < 5; i += 1) refusals.push(await counter.take(key, 1));
    expect(refusals.every((r) => !r.allowed && r.retryAfterSeconds <= 2)).toBe(true);
    await atWindowStart(2);
    expect((await counter.take(key, 1)).allowed).toBe(true);
  });

  it("when windows are over, then a counter deletes them beside a request, and keeps the current ones", async () => {
    await database.db.insert(rateLimitCounters).values(
      Array.from({ length: 1000 }, (_, i) => ({ windowStart: sql`now() - interval '10 minutes'`, key: `old ${i}`, count: 1 })),
    );
    const counter = postgresRateLimitCounter(database.db);
    const key = freshKey();
    await counter.take(key, 5);
    await expect
      .poll(async () => (await database.db.select({ n: count() }).from(rateLimitCounters).where(sql`${rateLimitCounters.key} like 'old %'`))[0]!.n)
      .toBe(0);
    const [current] = await database.db.select({ n: count() }).from(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
    expect(current!.n).toBe(1);
  });
});
