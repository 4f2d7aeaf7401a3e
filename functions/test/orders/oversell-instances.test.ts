import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { orderStatuses } from "../../src/modules/orders/orders.store.js";
import { crowdOfBuyers } from "../support/crowd.js";
import { unitsOrdered } from "../support/inspect/orders.js";
import { ledgerTotalOf } from "../support/inspect/tools.js";
import { NO_RATE_LIMITS, orderBody, PROJECT_ID, TestApi } from "../support/test-app.js";

// The crowd of oversell.test.ts, spread over four instances of the API on one store, as a deployment
// with API_MAX_INSTANCES=4 runs: each instance batches the orders it got, and the instances' batches
// contend for the one tool in the store (Firestore's transactions, PostgreSQL's row lock).
const INSTANCES = 4;
let api: TestApi;
let others: FastifyInstance[] = [];
let urls: string[] = [];

beforeAll(async () => {
  api = await TestApi.start();
  others = await Promise.all(
    Array.from({ length: INSTANCES - 1 }, () => createApp({ stores: api.anotherInstanceStores(), identity: firebaseIdentity(PROJECT_ID), tokens: api.tokens, rateLimits: NO_RATE_LIMITS })),
  );
  urls = [api.baseUrl, ...(await Promise.all(others.map((app) => app.listen({ port: 0, host: "127.0.0.1" }))))];
});
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
  await api?.stop();
});

describe("a crowd at several instances against little stock", () => {
  it(`when 1,000 buyers at ${INSTANCES} instances order 1 unit each at once against 100 units, then exactly 100 are sold, none fails with 5xx, and the ledger balances`, async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    const tokens = await crowdOfBuyers(api, 1000);

    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const response = await fetch(`${urls[i % INSTANCES]}/api/orders`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(orderBody(toolId, 1)),
        });
        return { status: response.status, instance: i % INSTANCES, body: response.status >= 500 ? await response.text() : "" };
      }),
    );

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(900);
    // Each instance answered its share itself, placed or refused: none was starved into an error.
    for (let instance = 0; instance < INSTANCES; instance++) {
      expect(answers.filter((a) => a.instance === instance).every((a) => a.status === 201 || a.status === 422)).toBe(true);
    }
    const aq = (await api.stores.tools.findListed(toolId))!.stock;
    const sold = await unitsOrdered(api, toolId, orderStatuses.filter((status) => status !== "cancelled"));
    expect({ aq, sold }).toEqual({ aq: 0, sold: 100 });
    // The ledger (the tool's initial stock, no restock) accounts for the shelf and the units sold.
    expect(await ledgerTotalOf(api, toolId)).toBe(aq + sold);
    // Four instances' batches contend in the store: on the emulator, a minute or two on a loaded machine.
  }, 300_000);
});
