import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AppDependencies, createApp } from "../../src/app.js";
import { DEFAULT_ORDER_RULES } from "../../src/config/env.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { createTokenService } from "../../src/lib/tokens.js";
import { createAccount } from "../support/auth-emulator.js";
import { awayFromWindowEdge, seedRateLimitKeys, unreachableStores } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { storeKind } from "../support/stores.js";
import { type ApiResponse, NO_RATE_LIMITS, orderBody, PROJECT_ID, type SignedInUser, TestApi, TOKEN_SECRET } from "../support/test-app.js";

// Issue 10, point 6: rate limits are counted in the store (PostgreSQL or Firestore), so every API
// instance on one store (and every runtime the Functions emulator starts) enforces one limit between them.

type Limits = NonNullable<AppDependencies["rateLimits"]>;

/** Another instance of the API over the same store, as a second function instance is. */
async function secondInstance(api: TestApi, rateLimits: Limits): Promise<{ app: FastifyInstance; url: string }> {
  const app = await createApp({
    stores: api.anotherInstanceStores(),
    identity: firebaseIdentity(PROJECT_ID),
    tokens: api.tokens,
    rateLimits,
    orderRules: { ...DEFAULT_ORDER_RULES, maxUnpaid: 0 },
  });
  return { app, url: await app.listen({ port: 0, host: "127.0.0.1" }) };
}

async function send(baseUrl: string, method: string, path: string, token?: string, body?: unknown, signal?: AbortSignal): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

function expectRateLimited(response: ApiResponse) {
  expectProblem(response, 429);
  expect(response.body.code).toBe("rate_limited");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe("orders: 30 a minute means 30 in total, whichever instance takes them", () => {
  let api: TestApi;
  let other: { app: FastifyInstance; url: string };
  const urls = () => [api.baseUrl, other.url];

  beforeAll(async () => {
    api = await TestApi.start({ rateLimits: { orders: 30 } });
    other = await secondInstance(api, { ...NO_RATE_LIMITS, orders: 30 });
  });
  afterAll(async () => {
    await other?.app.close();
    await api?.stop();
  });
  beforeEach(() => awayFromWindowEdge(api));

  // None of the buyer's orders is cancelled here: the live ones are all of them.
  const placedBy = async (buyer: SignedInUser) => (await api.stores.orders.listLiveByEmail(buyer.email)).length;

  it("when a buyer places 30 orders, one instance then the other in turn, then the 31st is 429 on both, and 30 orders exist", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 1000 });
    for (let i = 0; i < 30; i += 1) expect((await send(urls()[i % 2]!, "POST", "/orders", buyer.token, orderBody(toolId, 1))).status).toBe(201);

    for (const url of urls()) expectRateLimited(await send(url, "POST", "/orders", buyer.token, orderBody(toolId, 1)));
    expect(await placedBy(buyer)).toBe(30);
    expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(970);
  });

  it("when a buyer fires 60 orders at once at both instances, then exactly 30 are placed and the other 30 are 429", async () => {
    const buyer = await api.signUp();
    const toolIds = await Promise.all([api.addTool({ minOrderQuantity: 1, stock: 1000 }), api.addTool({ minOrderQuantity: 1, stock: 1000 })]);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(urls()[i % 2]!, "POST", "/orders", buyer.token, orderBody(toolIds[Math.floor(i / 2) % 2]!, 1))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    for (const refused of answers.filter((answer) => answer.status === 429)) expectRateLimited(refused);
    expect(await placedBy(buyer)).toBe(30);
  });

  it("when one buyer is out of orders on both instances, then another buyer still orders on either", async () => {
    const [spent, fresh] = await Promise.all([api.signUp("spent"), api.signUp("fresh")]);
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 1000 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => send(urls()[i % 2]!, "POST", "/orders", spent.token, orderBody(toolId, 1))));
    expectRateLimited(await send(other.url, "POST", "/orders", spent.token, orderBody(toolId, 1)));
    for (const url of urls()) expect((await send(url, "POST", "/orders", fresh.token, orderBody(toolId, 1))).status).toBe(201);
  });
});

describe("the sign-in exchange: one budget per address across instances", () => {
  let api: TestApi;
  let other: { app: FastifyInstance; url: string };

  beforeAll(async () => {
    api = await TestApi.start({ rateLimits: { signIn: 4 } });
    other = await secondInstance(api, { ...NO_RATE_LIMITS, signIn: 4 });
  });
  afterAll(async () => {
    await other?.app.close();
    await api?.stop();
  });
  beforeEach(() => awayFromWindowEdge(api));

  it("when one address makes exchanges at two instances, then they share one budget, and even a valid ID token is refused past it", async () => {
    const account = await createAccount("shared");
    const exchange = (url: string, idToken: string) =>
      send(url, "PUT", `/user/${encodeURIComponent(account.email)}`, idToken, { email: account.email });
    expect((await exchange(api.baseUrl, "not-an-id-token")).status).toBe(401);
    expect((await exchange(other.url, "not-an-id-token")).status).toBe(401);
    expect((await exchange(api.baseUrl, "not-an-id-token")).status).toBe(401);
    expect((await exchange(other.url, "not-an-id-token")).status).toBe(401);
    expectRateLimited(await exchange(api.baseUrl, account.idToken));
    expectRateLimited(await exchange(other.url, account.idToken));
  });
});

describe("what a limited request costs", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  });
  afterAll(() => api?.stop());

  /** The median time of one count, over `rounds` counts of keys already tracked. */
  async function medianTakeMs(keys: string[], rounds: number): Promise<number> {
    const counter = api.stores.rateLimits;
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      await counter.take(keys[i % keys.length]!, 1_000_000);
      times.push(performance.now() - start);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  }

  // The Firestore emulator takes a few thousand writes a second: it tracks 10,000 keys, PostgreSQL 100,000.
  const KEYS = storeKind() === "firestore" ? 10_000 : 100_000;

  it(`when ${KEYS.toLocaleString("en-US")} keys are tracked, then a request's count takes about what it takes with 100: no cost grows with the keys`, { timeout: 120_000 }, async () => {
    // Keys counted in this window, as many visitors at once would leave them.
    const seed = (from: number, to: number) => seedRateLimitKeys(api, from, to);
    await seed(1, 100);
    const few = Array.from({ length: 100 }, (_, i) => `ip:seed ${i + 1}`);
    await medianTakeMs(few, 50);
    const withFew = await medianTakeMs(few, 300);

    await seed(101, KEYS);
    const step = Math.floor(KEYS / 100) - 3;
    const many = Array.from({ length: 100 }, (_, i) => `ip:seed ${(i + 1) * step}`);
    await medianTakeMs(many, 50);
    const withMany = await medianTakeMs(many, 300);

    const measured = `median ${withFew.toFixed(3)} ms with 100 keys, ${withMany.toFixed(3)} ms with ${KEYS} keys`;
    expect(withMany, measured).toBeLessThan(withFew * 3 + 0.5);
  });
});

describe("when the store cannot be reached", () => {
  it("then a limited call answers 503, neither a 500 nor a free pass", async () => {
    const unreachable = unreachableStores(storeKind());
    const app = await createApp({
      stores: unreachable.stores,
      identity: firebaseIdentity(PROJECT_ID),
      tokens: createTokenService(TOKEN_SECRET, 60),
      rateLimits: { ...NO_RATE_LIMITS, signIn: 10 },
    });
    try {
      const url = await app.listen({ port: 0, host: "127.0.0.1" });
      const response = await send(url, "PUT", "/user/someone%40example.com", "not-an-id-token", undefined, AbortSignal.timeout(10_000));
      expectProblem(response, 503);
      expect(response.body.code).toBe("unavailable");
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
