import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { awayFromWindowEdge } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Limits far below the deployed defaults, so a few requests reach them. Counted in the store,
// shared by every instance: test/security/shared-rate-limits.test.ts.

function expectRateLimited(response: ApiResponse) {
  expectProblem(response, 429);
  expect(response.body.code).toBe("rate_limited");
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe("the sign-in exchange, limited per client IP", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ rateLimits: { signIn: 3 } });
  });
  afterAll(() => api?.stop());
  beforeEach(() => awayFromWindowEdge(api));

  it("when one IP has made 3 exchanges in a minute, then the 4th is refused with 429 and Retry-After, even with a valid ID token, and no user is created", async () => {
    const account = await createAccount("late");
    for (let i = 0; i < 3; i += 1) {
      expectProblem(await api.request("PUT", `/user/${encodeURIComponent(account.email)}`, { token: `not-an-id-token-${i}` }), 401);
    }
    const refused = await api.request("PUT", `/user/${encodeURIComponent(account.email)}`, { token: account.idToken, body: { email: account.email } });
    expectRateLimited(refused);
    expect(refused.body.token).toBeUndefined();
    expect(await api.stores.users.findActiveByEmail(account.email)).toBeNull();
  });
});

describe("writes limited per signed-in user", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start({ rateLimits: { orders: 3, reviews: 2, wishes: 2 } });
  });
  afterAll(() => api?.stop());
  beforeEach(() => awayFromWindowEdge(api));

  const review = { rating: 4, review: "Good wrenches." };
  const wish = { name: "Laser level", price: 120, details: "Self-levelling, green beam." };
  const stockOf = async (toolId: string) => (await api.request("GET", `/tools/${toolId}`)).body.aq;

  it("when a buyer has placed 3 orders in a minute, then the 4th is refused with 429 and Retry-After and takes no stock", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    for (let i = 0; i < 3; i += 1) expect((await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) })).status).toBe(201);
    expectRateLimited(await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) }));
    expect(await stockOf(toolId)).toBe(97);
  });

  it("when one buyer is out of orders, then another buyer on the same IP still orders", async () => {
    const [first, second] = await Promise.all([api.signUp(), api.signUp("second")]);
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    for (let i = 0; i < 3; i += 1) await api.placeOrder(first, toolId, 1);
    expectRateLimited(await api.request("POST", "/orders", { token: first.token, body: orderBody(toolId, 1) }));
    expect((await api.request("POST", "/orders", { token: second.token, body: orderBody(toolId, 1) })).status).toBe(201);
  });

  it("when a limited buyer claims another address or identity in headers, then they are still limited: the key is the token's user", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    for (let i = 0; i < 3; i += 1) await api.placeOrder(buyer, toolId, 1);
    const disguises: Record<string, string>[] = [{ "x-forwarded-for": "203.0.113.7" }, { "x-real-ip": "203.0.113.8" }, { "x-user-id": "someone-else" }];
    for (const headers of disguises) {
      expectRateLimited(await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1), headers }));
    }
  });

  it("when a buyer sends malformed orders, then they count too, so bad requests cannot be sent without limit", async () => {
    const buyer = await api.signUp();
    for (let i = 0; i < 3; i += 1) expectProblem(await api.request("POST", "/orders", { token: buyer.token, body: { toolId: "x" } }), 400);
    expectRateLimited(await api.request("POST", "/orders", { token: buyer.token, body: { toolId: "x" } }));
  });

  it("when a visitor posts orders, then each is refused with 401 before any count, and no buyer's budget is spent", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    for (let i = 0; i < 5; i += 1) expectProblem(await api.request("POST", "/orders", { body: orderBody(toolId, 1) }), 401);
    expect((await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) })).status).toBe(201);
  });

  it("when a buyer has posted 2 reviews in a minute, then the 3rd is refused with 429, and wishes keep their own budget", async () => {
    const buyer = await api.signUp();
    for (let i = 0; i < 2; i += 1) expect((await api.request("POST", "/reviews", { token: buyer.token, body: review })).status).toBe(201);
    expectRateLimited(await api.request("POST", "/reviews", { token: buyer.token, body: review }));
    expect((await api.request("GET", "/reviews")).body.filter((r: { userName: string }) => r.userName === buyer.name)).toHaveLength(2);
    expect((await api.request("POST", "/wish", { token: buyer.token, body: wish })).status).toBe(201);
  });

  it("when a buyer has posted 2 wishes in a minute, then the 3rd is refused with 429", async () => {
    const buyer = await api.signUp();
    for (let i = 0; i < 2; i += 1) expect((await api.request("POST", "/wish", { token: buyer.token, body: wish })).status).toBe(201);
    expectRateLimited(await api.request("POST", "/wish", { token: buyer.token, body: wish }));
  });

  it("when a call has no limit, then a buyer may repeat it at will", async () => {
    const buyer: SignedInUser = await api.signUp();
    for (let i = 0; i < 20; i += 1) expect((await api.request("GET", `/users/${encodeURIComponent(buyer.email)}`, { token: buyer.token })).status).toBe(200);
  });
});
