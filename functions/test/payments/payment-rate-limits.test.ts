import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { awayFromWindowEdge } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { TestApi } from "../support/test-app.js";

// RATE_LIMIT_PAYMENTS_PER_MINUTE, far below its default so a few requests reach it: each payment call
// asks the provider, so one buyer's page cannot spend the shop's quota with the provider.

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ rateLimits: { payments: 3 } });
});
afterAll(() => api?.stop());

describe("the payment calls' rate limit", () => {
  it("when a buyer has started a checkout's payment 3 times in a minute, then the 4th is refused with 429, while another buyer still pays and the other calls keep their own budget", async () => {
    const [buyer, other] = [await api.signUp(), await api.signUp("other")];
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 50 });
    const checkout = await api.checkout(buyer, [{ toolId, quantity: 1 }]);
    const start = () => api.request("POST", `/checkouts/${checkout._id}/payment-intent`, { token: buyer.token });
    // The counting starts once everything else is ready, well inside one window.
    await awayFromWindowEdge(api);
    const secrets: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = await start();
      expect(started.status).toBe(200);
      secrets.push(started.body.clientSecret);
    }
    expect(new Set(secrets).size).toBe(1);
    const refused = await start();
    expectProblem(refused, 429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    // Confirming with the card and with the server are budgets of their own: the buyer still pays.
    const intentId = secrets[0]!.split("_secret_")[0]!;
    const card = { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
    const confirmed = await api.request("POST", `/sandbox/payment-intents/${intentId}/confirm`, {
      token: buyer.token,
      body: { clientSecret: secrets[0], card, billingDetails: { name: buyer.name, email: buyer.email } },
    });
    expect(confirmed.status).toBe(200);
    expect((await api.request("POST", `/checkouts/${checkout._id}/payment`, { token: buyer.token })).body).toMatchObject({ status: "paid" });

    const otherCheckout = await api.checkout(other, [{ toolId, quantity: 1 }]);
    await api.payCheckoutByCard(other, otherCheckout._id);
  });

  it("when a buyer has asked for an order's payment intent 3 times in a minute, then the 4th is refused with 429", async () => {
    const buyer = await api.signUp();
    const orderId = await api.placeOrder(buyer, await api.addTool({ minOrderQuantity: 1, stock: 50 }), 1);
    await awayFromWindowEdge(api);
    for (let i = 0; i < 3; i += 1) expect((await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId } })).status).toBe(200);
    expectProblem(await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId } }), 429);
  });
});
