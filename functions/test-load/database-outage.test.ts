import { afterAll, describe, expect, it } from "vitest";
import { startApiServer } from "../test/support/faults-processes.js";
import { type Attempt, duplicatedKeys, FAULTS_TOKEN_SECRET, incompleteOrders, orderStream, readBooks, seedShop } from "../test/support/faults-shop.js";
import { EmbeddedDatabaseProcess } from "./embedded-process.js";
import { FreezableLink } from "./frozen-link.js";
import { answeredDuring, describeFault, type FaultTimeline, isProblem503, overlapping, printReport, sentAndAnsweredDuring, statusCounts, tookMs } from "./outage-report.js";
import { ThrowawayCluster } from "./postgres-cluster.js";

// The plain server (lib/server.js) under a steady stream of orders from careful clients while its
// database goes away for a few seconds and comes back. The server process is never restarted.

const STOCK = 1_000_000;
const CLIENTS = 16;
const LOAD_BETWEEN_FAULTS_MS = 3_000;
const RECOVERY_WITHIN_MS = 15_000;
/** A database that refuses connections is known at once: a 503 must come long before the pool's 10 s timeout. Generous, as timed assertions must not be flaky. */
const REFUSED_ANSWER_WITHIN_MS = 5_000;
/** How long the pool waits for a connection or an answer (src/db/client.ts). */
const POOL_TIMEOUT_MS = 10_000;
/**
 * A database that does not answer at all is given up on after the pool's timeouts, never later. A
 * query may wait out two: for a connection, then for the answer on it. Orders queued behind a batch
 * that failed so fail with it (orders.service.ts), so none waits out the next batch's as well.
 */
const FROZEN_ANSWER_WITHIN_MS = 2 * POOL_TIMEOUT_MS + 3_000;

interface Fault {
  label: string;
  /** Returns once the database cannot be reached. */
  begin(): Promise<void>;
  lastsMs: number;
  /** Returns once the database can be reached again. */
  end(): Promise<void>;
  /** No request under way during the fault may take longer. */
  answerWithinMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Starts the server on `serverUrl`, seeds the shop through `directUrl`, streams orders through
 * each fault in turn, prints what was measured and checks what the clients saw and the books.
 */
async function ordersThroughFaults(title: string, urls: { server: string; direct: string }, faults: Fault[]) {
  const server = await startApiServer({ databaseUrl: urls.server, tokenSecret: FAULTS_TOKEN_SECRET, from: "built" });
  cleanups.push(() => server.kill());
  const shop = await seedShop(urls.direct, STOCK);
  const attempts: Attempt[] = [];
  const stream = orderStream(CLIENTS, { baseUrl: () => server.url, token: shop.buyer.token, toolId: shop.toolId, onAttempt: (a) => attempts.push(a) });
  const placedSince = (since: number) => attempts.some((a) => a.status === 201 && a.sentAt >= since);

  const timelines: FaultTimeline[] = [];
  const started = performance.now();
  try {
    expect(await until(() => placedSince(started), RECOVERY_WITHIN_MS), "orders are placed before any fault").toBe(true);
    await sleep(LOAD_BETWEEN_FAULTS_MS);
    for (const fault of faults) {
      const began = performance.now();
      await fault.begin();
      const down = performance.now();
      await sleep(fault.lastsMs);
      const ending = performance.now();
      await fault.end();
      const up = performance.now();
      expect(await until(() => placedSince(up), RECOVERY_WITHIN_MS), `an order is placed within ${RECOVERY_WITHIN_MS} ms after ${fault.label} ends`).toBe(true);
      const firstOrderAfter = Math.min(...attempts.filter((a) => a.status === 201 && a.sentAt >= up).map((a) => a.answeredAt));
      timelines.push({ label: fault.label, began, down, ending, up, firstOrderAfter });
      await sleep(LOAD_BETWEEN_FAULTS_MS);
    }
  } finally {
    await stream.stop();
  }
  const outcomes = stream.outcomes;
  const books = await readBooks(urls.direct, shop.toolId);

  printReport(
    title,
    timelines.map((timeline) => describeFault(attempts, timeline)),
    {
      "orders placed": outcomes.filter((o) => o.status === 201).length,
      requests: attempts.length,
      "503s": attempts.filter((a) => a.status === 503).length,
      "orders whose answer was lost and a retry found them placed": attempts.filter((a) => a.replayed).length,
      "slowest request": `${Math.max(...attempts.map(tookMs)).toFixed(0)} ms`,
      "stock accounted for": books.aq + books.liveQuantity === STOCK ? "yes" : "NO",
    },
  );

  faults.forEach((fault, i) => {
    const timeline = timelines[i]!;
    // A fault that no 503 reported proves nothing: the server answered while the database was gone.
    expect(answeredDuring(attempts, timeline).filter(isProblem503).length, `503s answered during ${fault.label}`).toBeGreaterThan(0);
    expect(statusCounts(sentAndAnsweredDuring(attempts, timeline).filter((a) => !isProblem503(a))), `anything but a 503 during ${fault.label}`).toEqual({});
    const slowest = Math.max(0, ...overlapping(attempts, timeline).map(tookMs));
    expect(slowest, `the slowest request across ${fault.label}`).toBeLessThan(fault.answerWithinMs);
  });
  // Orders and 503s only: no 500, no dropped connection, nothing left hanging; the same process throughout.
  expect(statusCounts(attempts.filter((a) => a.status !== 201 && a.status !== 503))).toEqual({});
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();

  // Every acknowledged order exists once, with what was sent; no order exists that was not acknowledged.
  expect(outcomes.filter((o) => o.status !== 201).length, "orders that never got a definitive answer").toBe(0);
  const orderByKey = new Map(books.orders.map((row) => [row.idempotencyKey, row.id]));
  expect(outcomes.filter((o) => orderByKey.get(o.key) !== o.orderId).map(({ key, orderId }) => ({ key, orderId }))).toEqual([]);
  expect(books.orders).toHaveLength(outcomes.length);
  expect(duplicatedKeys(books)).toEqual([]);
  expect(incompleteOrders(books, shop)).toEqual([]);
  expect(books.aq + books.liveQuantity).toBe(STOCK);
}

describe("the database going away under load and coming back", () => {
  it("when PostgreSQL is stopped (fast, then immediate) in the middle of a stream of orders, then the API answers 503 at once, recovers by itself, and every acknowledged order is there exactly once", async () => {
    const cluster = await ThrowawayCluster.create();
    cleanups.push(() => cluster.destroy());
    await cluster.start();
    const stop = (mode: "fast" | "immediate"): Fault => ({
      label: `pg_ctl stop -m ${mode}`,
      begin: () => cluster.stop(mode),
      lastsMs: 4_000,
      end: () => cluster.start(),
      answerWithinMs: REFUSED_ANSWER_WITHIN_MS,
    });
    await ordersThroughFaults("PostgreSQL 15 stopped and started", { server: cluster.url, direct: cluster.url }, [stop("fast"), stop("immediate")]);
  });

  it("when the link to PostgreSQL freezes (no answer, no reset) for longer than the pool's timeouts, then requests are answered 503 as the pool's timeouts pass, none is held until the thaw, and orders flow again when it thaws", async () => {
    const cluster = await ThrowawayCluster.create();
    cleanups.push(() => cluster.destroy());
    await cluster.start();
    const link = await FreezableLink.start(cluster.port);
    cleanups.push(() => link.stop());
    const freeze: Fault = {
      label: "network to PostgreSQL frozen",
      begin: async () => link.freeze(),
      // Longer than the slowest answer allowed, so a request held until the thaw would show.
      lastsMs: FROZEN_ANSWER_WITHIN_MS + 5_000,
      end: async () => link.thaw(),
      answerWithinMs: FROZEN_ANSWER_WITHIN_MS,
    };
    await ordersThroughFaults("PostgreSQL 15 behind a frozen network", { server: link.route(cluster.url), direct: cluster.url }, [freeze]);
  });

  it("when the embedded database's process is stopped in the middle of a stream of orders, then the API answers 503 at once, recovers when it is back, and every acknowledged order is there exactly once", async () => {
    const embedded = await EmbeddedDatabaseProcess.create();
    cleanups.push(() => embedded.destroy());
    await embedded.start();
    const stop: Fault = {
      label: "embedded PGlite process stopped (SIGTERM)",
      begin: () => embedded.stop(),
      lastsMs: 4_000,
      end: () => embedded.start(),
      answerWithinMs: REFUSED_ANSWER_WITHIN_MS,
    };
    await ordersThroughFaults("embedded PGlite stopped and started", { server: embedded.url, direct: embedded.url }, [stop]);
  });
});
