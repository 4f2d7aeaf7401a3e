import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { StripeFaultProxy } from "../support/faults-stripe-proxy.js";
import { paymentsOfOrder } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { StripeStub } from "../support/stripe-stub.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// The payment provider timing out or failing, seen by a buyer: a clear 502 or 503, the order still
// unpaid, and a retry that makes no second PaymentIntent. The shop's Stripe client talks to the
// stub through a proxy that breaks the network; payments/stripe.test.ts covers the stub's own
// failures (a 500, a hang) on each call.

const TIMEOUT_MS = 1000;
const RETRIES = 1;
/** Every try timing out, plus the library's backoff between them, plus a busy machine's slack. */
const ANSWER_WITHIN_MS = TIMEOUT_MS * (RETRIES + 1) + 3000;

let stub: StripeStub;
let proxy: StripeFaultProxy;
let api: TestApi;
let buyer: SignedInUser;

beforeAll(async () => {
  stub = await StripeStub.start();
  proxy = await StripeFaultProxy.start(stub.url);
  api = await TestApi.start({
    payments: { kind: "stripe", stripe: { secretKey: "sk_test_toolshop", apiBase: proxy.url, timeoutMs: TIMEOUT_MS, maxNetworkRetries: RETRIES } },
  });
  buyer = await api.signUp();
});
afterEach(() => {
  proxy.heal();
  stub.clearFailures();
});
afterAll(async () => {
  await api?.stop();
  await proxy?.stop();
  await stub?.stop();
});

const newOrder = async () => api.placeOrder(buyer, await api.addTool());

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

const startPayment = (orderId: string) => api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId } });
const confirmFromServer = (orderId: string) => api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });

const orderStatus = async (orderId: string) => (await api.request("GET", `/orders/${orderId}`, { token: buyer.token })).body.status as string;
const attemptsFor = async (orderId: string) => (await paymentsOfOrder(api, orderId)).map(({ attempt, intentId }) => ({ attempt, intentId }));
/** The PaymentIntents Stripe holds for the order: the number a buyer could be charged through. */
const intentsAtStripe = (orderId: string) => [...stub.intents.values()].filter((intent) => intent.metadata.orderId === orderId);

describe("when Stripe cannot be reached", () => {
  it("when every connection to Stripe drops, then starting a payment is 503 within the client's time budget, the order stays unpaid, and once Stripe is back the retry makes the one intent", async () => {
    const orderId = await newOrder();
    proxy.breakNext(RETRIES + 1, { kind: "drop" });
    const { result: response, ms } = await timed(() => startPayment(orderId));
    expectProblem(response, 503);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await orderStatus(orderId)).toBe("unpaid");
    expect(await attemptsFor(orderId)).toEqual([]);

    proxy.heal();
    const retry = await startPayment(orderId);
    expect(retry.status).toBe(200);
    expect(intentsAtStripe(orderId)).toHaveLength(1);
    expect(intentsAtStripe(orderId)[0]!.client_secret).toBe(retry.body.clientSecret);
  });

  it("when Stripe hangs on every try, then the buyer hears 503 within the client's time budget, not after a hang, and nothing is recorded", async () => {
    const orderId = await newOrder();
    stub.failNext(RETRIES + 1, "timeout");
    const { result: response, ms } = await timed(() => startPayment(orderId));
    expectProblem(response, 503);
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(await orderStatus(orderId)).toBe("unpaid");
    expect(await attemptsFor(orderId)).toEqual([]);
  });

  it("when Stripe makes the intent but every answer is lost on the way back, then it is 503, and the buyer's retries get that very intent: Stripe holds one for the order", async () => {
    const orderId = await newOrder();
    proxy.breakNext(RETRIES + 1, { kind: "lose-answer" });
    expectProblem(await startPayment(orderId), 503);
    expect(intentsAtStripe(orderId)).toHaveLength(1);
    expect(await orderStatus(orderId)).toBe("unpaid");

    proxy.heal();
    // The buyer reloads the page in two tabs at once.
    const retries = await Promise.all([startPayment(orderId), startPayment(orderId)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    const [intent, ...others] = intentsAtStripe(orderId);
    expect(others).toHaveLength(0);
    expect(retries.map((r) => r.body.clientSecret)).toEqual([intent!.client_secret, intent!.client_secret]);
    expect(await attemptsFor(orderId)).toEqual([{ attempt: 1, intentId: intent!.id }]);
  });
});

describe("when Stripe refuses", () => {
  it.each([
    ["503, its own outage", 502, 503, "api_error"],
    ["502 from its edge", 502, 502, "api_error"],
    ["429, too many requests", 503, 429, "rate_limit_error"],
  ])("when Stripe answers %s, then starting a payment is a clear %i, the order stays unpaid, and the retry makes the one intent", async (_name, expected, status, type) => {
    const orderId = await newOrder();
    proxy.breakNext(RETRIES + 1, { kind: "status", status, type });
    const response = await startPayment(orderId);
    expectProblem(response, expected);
    expect(response.body.detail).toMatch(/payment provider/i);
    expect(await orderStatus(orderId)).toBe("unpaid");
    expect(await attemptsFor(orderId)).toEqual([]);

    proxy.heal();
    expect((await startPayment(orderId)).status).toBe(200);
    expect(intentsAtStripe(orderId)).toHaveLength(1);
  });

  it("when asking Stripe whether the buyer paid fails, then POST /orders/{id}/payment is 502, the order stays unpaid with its one intent, and asking again pays it", async () => {
    const orderId = await newOrder();
    expect((await startPayment(orderId)).status).toBe(200);
    const [intent] = intentsAtStripe(orderId);
    stub.setIntent(intent!.id, { status: "succeeded" });

    stub.failNext(RETRIES + 1, "error");
    const response = await confirmFromServer(orderId);
    expectProblem(response, 502);
    expect(response.body.code).toBe("payment_provider_error");
    expect(await orderStatus(orderId)).toBe("unpaid");

    stub.clearFailures();
    const retry = await confirmFromServer(orderId);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ paid: true, transactionId: intent!.id });
    expect(intentsAtStripe(orderId)).toHaveLength(1);
  });
});
