import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { orderStatuses } from "../../src/modules/orders/orders.store.js";
import { crowdOfBuyers } from "../support/crowd.js";
import { unitsOrdered } from "../support/inspect/orders.js";
import { ledgerTotalOf } from "../support/inspect/tools.js";
import { NO_RATE_LIMITS, PROJECT_ID, TestApi } from "../support/test-app.js";

// Checkouts that cross: each takes three of five hot tools, in every order the lines can come in, at
// two instances at once, while some of those placed are cancelled. Each checkout locks its tools
// in one fixed order, so none waits on another in a circle.
const INSTANCES = 2;
const TOOLS = 5;
const CHECKOUTS = 300;
const STOCK = 150;
let api: TestApi;
let other: FastifyInstance;
let urls: string[] = [];

beforeAll(async () => {
  api = await TestApi.start({ rateLimits: NO_RATE_LIMITS, logger: process.env.RACE_LOG ? { level: "error" } : undefined });
  other = await createApp({ stores: api.anotherInstanceStores(), identity: firebaseIdentity(PROJECT_ID), tokens: api.tokens, rateLimits: NO_RATE_LIMITS });
  urls = [api.baseUrl, await other.listen({ port: 0, host: "127.0.0.1" })];
});
afterAll(async () => {
  await other?.close();
  await api?.stop();
});

/** The i-th checkout's three tools, in an order of their own: the crossings a deadlock would need. */
function linesOf(i: number, tools: string[]): { toolId: string; quantityAmount: number; toolPrice: number }[] {
  const picked = [i % TOOLS, (i + 1 + (i % 2)) % TOOLS, (i + 3) % TOOLS];
  const distinct = [...new Set(picked)];
  while (distinct.length < 3) distinct.push([0, 1, 2, 3, 4].find((t) => !distinct.includes(t))!);
  const ordered = i % 3 === 0 ? distinct.reverse() : distinct;
  return ordered.map((t) => ({ toolId: tools[t]!, quantityAmount: 1 + ((i + t) % 2), toolPrice: 12 }));
}

describe("crossing checkouts over a few hot tools", () => {
  it(`when ${CHECKOUTS} checkouts of 3 lines over ${TOOLS} tools run at ${INSTANCES} instances while some are cancelled, then none fails with 5xx and every tool's stock and ledger balance`, async () => {
    const tools = await Promise.all(Array.from({ length: TOOLS }, (_, t) => api.addTool({ name: `Hot tool ${t}`, unitPriceCents: 1200, minOrderQuantity: 1, stock: STOCK })));
    const tokens = await crowdOfBuyers(api, CHECKOUTS, "checkout-race");
    const call = (i: number, method: string, path: string, body?: unknown) =>
      fetch(`${urls[i % INSTANCES]}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens[i]}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const answers = await Promise.all(
      tokens.map(async (_, i) => {
        const response = await call(i, "POST", "/checkouts", { userPhone: "+1 555 0100", userAddress: "1 Race Way", lines: linesOf(i, tools) });
        const body = (await response.json()) as { _id?: string; code?: string };
        // One in ten placed checkouts is cancelled at once, crossing the placements still running.
        const cancelled = response.status === 201 && i % 10 === 1 ? (await call(i, "DELETE", `/checkouts/${body._id}`)).status : null;
        return { status: response.status, code: body.code, cancelled };
      }),
    );

    expect(answers.filter((a) => a.status >= 500 || (a.cancelled ?? 200) >= 500)).toEqual([]);
    expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.code === "checkout_refused"))).toBe(true);
    expect(answers.filter((a) => a.cancelled !== null).every((a) => a.cancelled === 200)).toBe(true);
    const placed = answers.filter((a) => a.status === 201).length;
    // 150 units a tool, 3 lines of 1 or 2 units a checkout: the shelves run out before 300 checkouts.
    expect(placed).toBeGreaterThan(100);
    expect(placed).toBeLessThan(CHECKOUTS);

    for (const toolId of tools) {
      const aq = (await api.stores.tools.findListed(toolId))!.stock;
      const held = await unitsOrdered(api, toolId, orderStatuses.filter((status) => status !== "cancelled"));
      expect(aq).toBeGreaterThanOrEqual(0);
      expect({ toolId, total: aq + held }).toEqual({ toolId, total: STOCK });
      expect(await ledgerTotalOf(api, toolId)).toBe(aq + held);
    }
  }, 300_000);
});
