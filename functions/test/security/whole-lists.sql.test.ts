import { drizzle } from "drizzle-orm/node-postgres";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import type { Database } from "../../src/db/client.js";
import * as schema from "../../src/db/schema.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { WHOLE_LISTS } from "../../src/lib/whole-list.js";
import { postgresStores } from "../../src/stores/postgres.js";
import { addToList, type ListName, listSize } from "../support/inspect/security.js";
import { NO_RATE_LIMITS, PROJECT_ID, type SignedInUser, TestApi } from "../support/test-app.js";

// Past its size, a whole list (whole-lists.test.ts) reads at most one row more than its size: the
// rows PostgreSQL sends for each statement are counted on the pool's way out.

const PATHS: Record<ListName, string> = { tools: "/tools", orders: "/allOrders", users: "/users", wishes: "/wishes" };
const LISTS = Object.keys(PATHS) as ListName[];
const CACHE_MAX_AGE_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let api: TestApi;
let admin: SignedInUser;
let buyer: SignedInUser;
let toolId: string;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  buyer = await api.signUp();
  toolId = await api.addTool({ minOrderQuantity: 1, stock: 1_000_000 });
});
afterAll(() => api?.stop());

describe("past its size, a whole list reads at most one row more than its size", () => {
  let counted: FastifyInstance;
  let countingPool: pg.Pool;
  /** Rows the database sent for statements reading each table, since the last reset. */
  const rowsRead: Record<string, number> = {};
  const TABLES: Record<ListName, RegExp> = { tools: /from "tools"/, orders: /from "orders"/, users: /from "users"/, wishes: /from "wishes"/ };

  beforeAll(async () => {
    const url = (api.database.pool.options as { connectionString: string }).connectionString;
    countingPool = new pg.Pool({ connectionString: url, max: 4 });
    const query = countingPool.query.bind(countingPool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
    countingPool.query = (async (config: unknown, values?: unknown) => {
      const result = await query(config, values);
      const text = typeof config === "string" ? config : (config as { text: string }).text;
      for (const [list, from] of Object.entries(TABLES)) if (from.test(text)) rowsRead[list] = (rowsRead[list] ?? 0) + result.rows.length;
      return result;
    }) as typeof countingPool.query;
    // An instance of its own, over the counting pool, with empty caches.
    const countedDb = drizzle(countingPool, { schema }) as Database;
    counted = await createApp({ stores: postgresStores(countedDb), identity: firebaseIdentity(PROJECT_ID), tokens: api.tokens, rateLimits: NO_RATE_LIMITS });
    await counted.ready();
  });
  afterAll(async () => {
    await counted?.close();
    await countingPool?.end();
  });

  const inject = (list: ListName) =>
    counted.inject({ method: "GET", url: `/api${PATHS[list]}`, headers: { authorization: `Bearer ${admin.token}` } });

  it.each(LISTS)("when the %s list holds thousands of rows more than its size, then its 422 reads at most its size plus one, and asking again within half a second reads none", async (list) => {
    const { max } = WHOLE_LISTS[list];
    if ((await listSize(api, list)) < 3 * max) await addToList(api, { toolId, buyer }, list, 3 * max);
    await sleep(CACHE_MAX_AGE_MS + 100);
    for (const key of Object.keys(rowsRead)) delete rowsRead[key];
    const first = await inject(list);
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: "list_too_large", paged: WHOLE_LISTS[list].paged });
    expect(rowsRead[list]).toBeGreaterThan(max);
    expect(rowsRead[list]).toBeLessThanOrEqual(max + 1);
    const readFirst = rowsRead[list];
    const again = await inject(list);
    expect(again.statusCode).toBe(422);
    expect(rowsRead[list]).toBe(readFirst);
  });
});

