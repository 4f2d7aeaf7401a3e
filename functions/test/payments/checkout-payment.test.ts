import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsSettings } from "../../src/config/env.js";
import { retryDueRefunds } from "../../src/jobs/retry-due-refunds.js";
import { outboxOfEvents } from "../support/inspect/mail.js";
import { agePartialRefund, orderOf, partialRefundOf, paymentOf, paymentsOfCheckout, sandboxIntentsOfCheckout } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { StripeStub } from "../support/stripe-stub.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// One card payment for a whole checkout: every order of it paid at once, through the sandbox's card
// form and through Stripe (the local stub, with webhooks signed as Stripe signs them). Refunding one
// order of a paid checkout gives back that order's total only, once, out of the checkout's payment.

const WEBHOOK_SECRET = "whsec_test_toolshop_checkouts";

interface PlacedCheckout {
  _id: string;
  total: number;
  orders: { _id: string; total: number }[];
}

/** Three tools of a checkout: $15 × 1, $9 × 2 and $32 × 1, $65 in all. */
async function threeLineCheckout(api: TestApi, user: SignedInUser): Promise<PlacedCheckout> {
  const [hammer, clamp, saw] = await Promise.all([
    api.addTool({ name: "Claw Hammer", unitPriceCents: 1500, minOrderQuantity: 1, stock: 20 }),
    api.addTool({ name: "Bar Clamp", unitPriceCents: 900, minOrderQuantity: 2, stock: 20 }),
    api.addTool({ name: "Panel Saw", unitPriceCents: 3200, minOrderQuantity: 1, stock: 20 }),
  ]);
  const checkout = (await api.checkout(user, [
    { toolId: hammer, quantity: 1 },
    { toolId: clamp, quantity: 2 },
    { toolId: saw, quantity: 1 },
  ])) as PlacedCheckout;
  expect(checkout.total).toBe(65);
  return checkout;
}

const startPayment = (api: TestApi, user: SignedInUser, checkoutId: string, body?: unknown) =>
  api.request("POST", `/checkouts/${checkoutId}/payment-intent`, { token: user.token, ...(body === undefined ? {} : { body }) });
const confirmFromServer = (api: TestApi, user: SignedInUser, checkoutId: string) => api.request("POST", `/checkouts/${checkoutId}/payment`, { token: user.token });
const refundOrder = (api: TestApi, admin: SignedInUser, orderId: string) => api.request("POST", `/orders/${orderId}/refund`, { token: admin.token });
const receipts = (api: TestApi, checkoutId: string) => outboxOfEvents(api, `checkout:${checkoutId}:paid`);

/** What each order of the checkout says of its payment, in the checkout's order. */
async function ordersPayment(api: TestApi, checkout: PlacedCheckout) {
  return Promise.all(
    checkout.orders.map(async ({ _id }) => {
      const { status, transactionId, cardLast4 } = await orderOf(api, _id);
      return { status, transactionId, cardLast4 };
    }),
  );
}

describe("paying a checkout with the sandbox", () => {
  const SUCCESS = "4242424242424242";
  const DECLINED = "4000000000000002";
  let api: TestApi;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    api = await TestApi.start();
    [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
  });
  afterAll(() => api?.stop());

  const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;
  const confirmCard = (clientSecret: string, number: string): Promise<ApiResponse> =>
    api.request("POST", `/sandbox/payment-intents/${intentIdOf(clientSecret)}/confirm`, {
      token: buyer.token,
      body: { clientSecret, card: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" }, billingDetails: { name: buyer.name, email: buyer.email } },
    });

  async function clientSecretFor(checkoutId: string): Promise<string> {
    const response = await startPayment(api, buyer, checkoutId);
    expect(response.status).toBe(200);
    return response.body.clientSecret;
  }

  async function paidCheckout(): Promise<{ checkout: PlacedCheckout; intentId: string }> {
    const checkout = await threeLineCheckout(api, buyer);
    const clientSecret = await clientSecretFor(checkout._id);
    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    return { checkout, intentId: intentIdOf(clientSecret) };
  }

  it("when a buyer pays a three-line checkout by card, then one intent of its total pays every order at once, with one transaction, one card and one receipt", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const started = await startPayment(api, buyer, checkout._id);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ clientSecret: expect.stringMatching(/^pi_sandbox_\w+_secret_\w+$/), provider: "sandbox" });
    const intentId = intentIdOf(started.body.clientSecret);
    expect(await sandboxIntentsOfCheckout(api, checkout._id)).toEqual([
      expect.objectContaining({ id: intentId, amount: 6500, currency: "usd", metadata: { checkoutId: checkout._id }, idempotencyKey: `toolshop-checkout-${checkout._id}-attempt-1` }),
    ]);
    expect(await clientSecretFor(checkout._id)).toBe(started.body.clientSecret);

    expect((await confirmCard(started.body.clientSecret, SUCCESS)).status).toBe(200);
    const confirmed = await confirmFromServer(api, buyer, checkout._id);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ _id: checkout._id, status: "paid", transactionId: intentId, cardLast4: "4242" });
    expect(confirmed.body.orders.map((o: { status: string; transactionId: string; cardLast4: string }) => [o.status, o.transactionId, o.cardLast4])).toEqual(
      Array(3).fill(["paid", intentId, "4242"]),
    );
    expect(await paymentsOfCheckout(api, checkout._id)).toEqual([expect.objectContaining({ attempt: 1, status: "succeeded", amountCents: 6500, cardLast4: "4242" })]);
    expect(await receipts(api, checkout._id)).toHaveLength(1);
    for (const { _id } of checkout.orders) expect(await outboxOfEvents(api, `order:${_id}:paid`)).toHaveLength(0);

    const again = await startPayment(api, buyer, checkout._id);
    expectProblem(again, 409);
    expect(again.body).toMatchObject({ code: "checkout_paid", detail: "This checkout is already paid." });
    expect((await confirmFromServer(api, buyer, checkout._id)).body).toMatchObject({ status: "paid" });
  });

  it("when the OpenAPI document is read, then it describes both calls, the first with its optional total", async () => {
    const { paths } = (await api.request("GET", "/openapi.json")).body;
    const start = paths["/api/checkouts/{id}/payment-intent"].post;
    const confirm = paths["/api/checkouts/{id}/payment"].post;
    expect([start.description, confirm.description]).toEqual([expect.stringContaining("PaymentIntent"), expect.stringContaining("settles every order")]);
    expect(JSON.stringify(start.requestBody)).toContain("total");
  });

  it("when the total the client sends is the checkout's, or none is sent, then the intent is made; when it differs, then 422 and none is made", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    for (const total of [64.99, 65.01, 6500]) {
      const response = await startPayment(api, buyer, checkout._id, { total });
      expectProblem(response, 422);
      expect(response.body).toMatchObject({ code: "amount_mismatch", detail: "The amount does not match the checkout's total." });
    }
    expect(await sandboxIntentsOfCheckout(api, checkout._id)).toHaveLength(0);
    expect((await startPayment(api, buyer, checkout._id, { total: 65 })).status).toBe(200);
    expect((await startPayment(api, buyer, checkout._id, {})).status).toBe(200);
    expect((await startPayment(api, buyer, checkout._id)).status).toBe(200);
    expect(await sandboxIntentsOfCheckout(api, checkout._id)).toHaveLength(1);
  });

  it("when another buyer, or an admin, names my checkout, then starting and confirming its payment are 404 and nothing is made", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    for (const someone of [otherBuyer, admin]) {
      expectProblem(await startPayment(api, someone, checkout._id), 404);
      expectProblem(await confirmFromServer(api, someone, checkout._id), 404);
    }
    expect(await sandboxIntentsOfCheckout(api, checkout._id)).toHaveLength(0);

    await clientSecretFor(checkout._id);
    expectProblem(await confirmFromServer(api, otherBuyer, checkout._id), 404);
    expectProblem(await startPayment(api, buyer, "00000000-0000-4000-8000-000000000000"), 404);
    expectProblem(await api.request("POST", `/checkouts/${checkout._id}/payment-intent`), 401);
  });

  it("when the payment was not started, or the card was declined, then confirming it is 409 and the checkout stays unpaid", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const notStarted = await confirmFromServer(api, buyer, checkout._id);
    expectProblem(notStarted, 409);
    expect(notStarted.body).toMatchObject({ code: "payment_not_started", detail: "No payment has been started for this checkout." });

    const clientSecret = await clientSecretFor(checkout._id);
    expectProblem(await confirmCard(clientSecret, DECLINED), 402);
    const declined = await confirmFromServer(api, buyer, checkout._id);
    expectProblem(declined, 409);
    expect(declined.body).toMatchObject({ code: "payment_incomplete", detail: "Your card was declined." });
    expect((await ordersPayment(api, checkout)).map((o) => o.status)).toEqual(["unpaid", "unpaid", "unpaid"]);
  });

  it("when the checkout was cancelled, then starting its payment is 409; and a card that goes through on a page left open is refunded whole, the orders staying cancelled", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const clientSecret = await clientSecretFor(checkout._id);
    expect((await api.request("DELETE", `/checkouts/${checkout._id}`, { token: buyer.token })).status).toBe(200);
    const refused = await startPayment(api, buyer, checkout._id);
    expectProblem(refused, 409);
    expect(refused.body).toMatchObject({ code: "checkout_cancelled", detail: "This checkout was cancelled." });

    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    const intentId = intentIdOf(clientSecret);
    expect(await paymentOf(api, intentId)).toMatchObject({ status: "refunded", lastError: "Checkout was cancelled when the payment succeeded" });
    expect((await sandboxIntentsOfCheckout(api, checkout._id))[0]).toMatchObject({ refunds: [{ idempotencyKey: `toolshop-refund-${intentId}`, amount: 6500 }], refundedAt: expect.any(Date) });
    expect((await ordersPayment(api, checkout)).map((o) => [o.status, o.transactionId])).toEqual(Array(3).fill(["cancelled", null]));
    expect((await confirmFromServer(api, buyer, checkout._id)).body).toMatchObject({ status: "cancelled" });
    expect(await receipts(api, checkout._id)).toHaveLength(0);
  });

  it("when the buyer's page names the checkout in capitals, then it is the same intent, recorded under the checkout's own id, and its orders can still be refunded", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const shouted = checkout._id.toUpperCase();
    const clientSecret = await clientSecretFor(shouted);
    expect(await clientSecretFor(checkout._id)).toBe(clientSecret);
    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    expect((await confirmFromServer(api, buyer, shouted)).body).toMatchObject({ _id: checkout._id, status: "paid" });
    expect(await paymentsOfCheckout(api, checkout._id)).toEqual([expect.objectContaining({ attempt: 1, status: "succeeded", amountCents: 6500 })]);

    const refunded = await refundOrder(api, admin, checkout.orders[0]!._id);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: "refunded" });
    expect((await sandboxIntentsOfCheckout(api, checkout._id))[0]!.refunds).toEqual([expect.objectContaining({ amount: 1500 })]);
  });

  it("when an admin refunds one order of a paid checkout, then the sandbox gives back that order's total once, and the other orders stay paid", async () => {
    const { checkout, intentId } = await paidCheckout();
    const [hammer, clamp] = checkout.orders;

    const refunded = await refundOrder(api, admin, clamp!._id);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ _id: clamp!._id, status: "refunded", checkoutId: checkout._id });
    expect((await refundOrder(api, admin, clamp!._id)).body).toMatchObject({ status: "refunded" });

    expect((await sandboxIntentsOfCheckout(api, checkout._id))[0]).toMatchObject({
      refunds: [{ idempotencyKey: `toolshop-refund-${intentId}-${clamp!._id}`, amount: 1800 }],
      refundedAt: null,
    });
    expect(await partialRefundOf(api, clamp!._id)).toMatchObject({ intentId, amountCents: 1800, status: "refunded", provider: "sandbox" });
    expect(await paymentOf(api, intentId)).toMatchObject({ status: "succeeded" });
    expect((await ordersPayment(api, checkout)).map((o) => o.status)).toEqual(["paid", "refunded", "paid"]);

    expect((await refundOrder(api, admin, hammer!._id)).status).toBe(200);
    expect((await sandboxIntentsOfCheckout(api, checkout._id))[0]!.refunds).toEqual([
      { idempotencyKey: `toolshop-refund-${intentId}-${clamp!._id}`, amount: 1800 },
      { idempotencyKey: `toolshop-refund-${intentId}-${hammer!._id}`, amount: 1500 },
    ]);
  });
});

describe("paying a checkout through Stripe", () => {
  let stub: StripeStub;
  let api: TestApi;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let admin: SignedInUser;
  let stripe: PaymentsSettings;

  beforeAll(async () => {
    stub = await StripeStub.start();
    stripe = {
      kind: "stripe",
      stripe: { secretKey: "sk_test_toolshop", webhookSecret: WEBHOOK_SECRET, apiBase: stub.url, timeoutMs: 1000, maxNetworkRetries: 1 },
    };
    api = await TestApi.start({ payments: stripe });
    [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
  });
  afterEach(() => stub.clearFailures());
  afterAll(async () => {
    await api?.stop();
    await stub?.stop();
  });

  async function intentFor(checkoutId: string): Promise<string> {
    const response = await startPayment(api, buyer, checkoutId);
    expect(response.status).toBe(200);
    expect(response.body.provider).toBe("stripe");
    return stub.intentBySecret(response.body.clientSecret).id;
  }

  /** Posts an event to the webhook as Stripe does: its exact bytes, signed over them. */
  function deliver(event: object): Promise<ApiResponse> {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return api.request("POST", "/webhooks/stripe", { rawBody: payload, headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature } });
  }

  async function paidCheckout(): Promise<{ checkout: PlacedCheckout; intentId: string }> {
    const checkout = await threeLineCheckout(api, buyer);
    const intentId = await intentFor(checkout._id);
    stub.setIntent(intentId, { status: "succeeded" });
    expect((await confirmFromServer(api, buyer, checkout._id)).status).toBe(200);
    return { checkout, intentId };
  }

  it("when Stripe reports the checkout's intent succeeded, and delivers it again, then every order is paid once, with the card learned and one receipt", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const intentId = await intentFor(checkout._id);
    const [create, ...others] = stub.createsForCheckout(checkout._id);
    expect(others).toHaveLength(0);
    expect(create!.params).toMatchObject({ amount: "6500", currency: "usd", metadata: { checkoutId: checkout._id } });
    expect(create!.idempotencyKey).toBe(`toolshop-checkout-${checkout._id}-attempt-1`);

    stub.setIntent(intentId, { status: "succeeded" });
    const event = stub.event("payment_intent.succeeded", intentId);
    expect((await deliver(event)).status).toBe(200);
    expect(await ordersPayment(api, checkout)).toEqual(Array(3).fill({ status: "paid", transactionId: intentId, cardLast4: "4242" }));
    const paidAt = await Promise.all(checkout.orders.map(async ({ _id }) => (await orderOf(api, _id)).paidAt));

    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(stub.event("payment_intent.succeeded", intentId))).status).toBe(200);
    const confirmed = await confirmFromServer(api, buyer, checkout._id);
    expect(confirmed.body).toMatchObject({ status: "paid", transactionId: intentId, cardLast4: "4242" });
    expect(await Promise.all(checkout.orders.map(async ({ _id }) => (await orderOf(api, _id)).paidAt))).toEqual(paidAt);
    expect(await receipts(api, checkout._id)).toHaveLength(1);
    expect(stub.refundsFor(intentId)).toHaveLength(0);
  });

  it("when the intent was charged another amount than the checkout's total, then that whole payment goes back and the checkout stays unpaid", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    const intentId = await intentFor(checkout._id);
    stub.setIntent(intentId, { status: "succeeded", amount: 100 });
    const response = await confirmFromServer(api, buyer, checkout._id);
    expectProblem(response, 409);
    expect(response.body.code).toBe("payment_incomplete");

    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 100, idempotencyKey: `toolshop-refund-${intentId}` })]);
    expect(await paymentOf(api, intentId)).toMatchObject({ status: "refunded" });
    expect((await ordersPayment(api, checkout)).map((o) => o.status)).toEqual(["unpaid", "unpaid", "unpaid"]);
    const next = await intentFor(checkout._id);
    expect(next).not.toBe(intentId);
    expect(stub.intent(next).amount).toBe(6500);
  });

  it("when an admin refunds one order of a paid checkout, even twice or at once, then Stripe refunds that order's total once, under its own key", async () => {
    const { checkout, intentId } = await paidCheckout();
    const [hammer, clamp, saw] = checkout.orders;
    const answers = await Promise.all([refundOrder(api, admin, clamp!._id), refundOrder(api, admin, clamp!._id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await refundOrder(api, admin, clamp!._id)).body).toMatchObject({ status: "refunded" });
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 1800, idempotencyKey: `toolshop-refund-${intentId}-${clamp!._id}` })]);
    expect(await paymentOf(api, intentId)).toMatchObject({ status: "succeeded" });
    expect((await ordersPayment(api, checkout)).map((o) => o.status)).toEqual(["paid", "refunded", "paid"]);

    // The other two at once: each gets its own part, and the three parts add up to the whole payment.
    expect((await Promise.all([refundOrder(api, admin, hammer!._id), refundOrder(api, admin, saw!._id)])).map((a) => a.status)).toEqual([200, 200]);
    expect(stub.refundsFor(intentId).map((r) => r.amount).sort((a, b) => a - b)).toEqual([1500, 1800, 3200]);
    expect((await ordersPayment(api, checkout)).map((o) => o.status)).toEqual(["refunded", "refunded", "refunded"]);
  });

  it("when Stripe fails the refund of one order, then the order is refunded and its part owed, and the sweeper gives back that part once, under the same key", async () => {
    const { checkout, intentId } = await paidCheckout();
    const saw = checkout.orders[2]!;
    stub.failNext(2, "error", { path: "/v1/refunds" });
    expect((await refundOrder(api, admin, saw._id)).body).toMatchObject({ status: "refunded" });
    expect(await partialRefundOf(api, saw._id)).toMatchObject({ intentId, amountCents: 3200, status: "due" });
    expect(stub.refundsFor(intentId)).toHaveLength(0);

    // Within the grace the sweeper leaves it to the request that may still be asking.
    expect((await retryDueRefunds(api.stores, stripe)).refundedOrders).not.toContain(saw._id);
    await agePartialRefund(api, saw._id, 10);
    expect(await retryDueRefunds(api.stores, stripe)).toEqual({ refunded: [], refundedOrders: [saw._id], stillDue: [], notTried: 0 });
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 3200, idempotencyKey: `toolshop-refund-${intentId}-${saw._id}` })]);
    expect(await partialRefundOf(api, saw._id)).toMatchObject({ status: "refunded" });

    expect((await retryDueRefunds(api.stores, stripe)).refundedOrders).toEqual([]);
    expect(stub.refundsFor(intentId)).toHaveLength(1);
    expect(await paymentOf(api, intentId)).toMatchObject({ status: "succeeded" });
  });

  it("when Stripe gave a part back but the answer was lost, and it has forgotten the key by the time the sweeper asks again, then the part is not given twice", async () => {
    const { checkout, intentId } = await paidCheckout();
    const clamp = checkout.orders[1]!;
    // Stripe refunds, but neither the call nor its one retry hears back.
    stub.failNext(2, "timeout", { path: "/v1/refunds", method: "POST" });
    expect((await refundOrder(api, admin, clamp._id)).body).toMatchObject({ status: "refunded" });
    expect(await partialRefundOf(api, clamp._id)).toMatchObject({ status: "due" });
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 1800 })]);

    stub.clearFailures();
    stub.forgetIdempotencyKeys();
    await agePartialRefund(api, clamp._id, 10);
    expect(await retryDueRefunds(api.stores, stripe)).toEqual({ refunded: [], refundedOrders: [clamp._id], stillDue: [], notTried: 0 });
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 1800, metadata: { refundKey: `toolshop-refund-${intentId}-${clamp._id}` } })]);
    expect(await partialRefundOf(api, clamp._id)).toMatchObject({ status: "refunded" });
  });

  it("when another buyer names my checkout, then starting and confirming its payment are 404 and Stripe is not called", async () => {
    const checkout = await threeLineCheckout(api, buyer);
    expectProblem(await startPayment(api, otherBuyer, checkout._id), 404);
    expectProblem(await confirmFromServer(api, otherBuyer, checkout._id), 404);
    expect(stub.createsForCheckout(checkout._id)).toHaveLength(0);
  });
});
