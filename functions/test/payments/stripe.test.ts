import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handledEvents, orderOf, paymentsOfOrder } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { StripeStub } from "../support/stripe-stub.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// The Stripe provider, with the real `stripe` library talking to a local stub of Stripe's API and
// webhooks signed as Stripe signs them. Short timeouts and one retry keep the failure cases quick.

const WEBHOOK_SECRET = "whsec_test_toolshop_payments";

let stub: StripeStub;
let api: TestApi;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  stub = await StripeStub.start();
  api = await TestApi.start({
    payments: {
      kind: "stripe",
      stripe: { secretKey: "sk_test_toolshop", webhookSecret: WEBHOOK_SECRET, apiBase: stub.url, timeoutMs: 1000, maxNetworkRetries: 1 },
    },
  });
  [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
});
// A test that stopped half-way must not leave its failures queued for the next one.
afterEach(() => stub.clearFailures());
afterAll(async () => {
  await api?.stop();
  await stub?.stop();
});

/** An unpaid order of the default tool: two units at $25, $50 in all. */
const newOrder = async (user = buyer) => api.placeOrder(user, await api.addTool());

const startPayment = (user: SignedInUser, orderId: string, extra: Record<string, unknown> = {}) =>
  api.request("POST", "/create-payment-intent", { token: user.token, body: { orderId, ...extra } });

async function intentFor(orderId: string, user = buyer): Promise<string> {
  const response = await startPayment(user, orderId);
  expect(response.status).toBe(200);
  expect(response.body.provider).toBe("stripe");
  return stub.intentBySecret(response.body.clientSecret).id;
}

const confirmFromServer = (orderId: string, user = buyer) => api.request("POST", `/orders/${orderId}/payment`, { token: user.token });

interface Delivery {
  /** Signed with this secret unless `signature` is given. */
  secret?: string;
  /** The Stripe-Signature header as sent; null sends none. */
  signature?: string | null;
  timestamp?: number;
}

/** Posts an event to the webhook as Stripe does: its exact bytes, signed over them. */
function deliver(event: object | string, { secret = WEBHOOK_SECRET, signature, timestamp }: Delivery = {}): Promise<ApiResponse> {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) : signature;
  return api.request("POST", "/webhooks/stripe", {
    rawBody: payload,
    headers: { "content-type": "application/json; charset=utf-8", ...(header === null ? {} : { "stripe-signature": header }) },
  });
}

/** The buyer's card goes through at Stripe, and Stripe tells the shop. */
async function chargeAndNotify(intentId: string): Promise<ApiResponse> {
  stub.setIntent(intentId, { status: "succeeded" });
  return deliver(stub.event("payment_intent.succeeded", intentId));
}

function declineAt(intentId: string, message = "Your card was declined.") {
  stub.setIntent(intentId, {
    status: "requires_payment_method",
    last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message },
  });
}

const orderRow = (orderId: string) => orderOf(api, orderId);
const paymentsFor = (orderId: string) => paymentsOfOrder(api, orderId);
const eventCount = async () => (await handledEvents(api)).length;
const callsTo = (path: string) => stub.calls.filter((c) => c.path === path);

describe("starting a payment", () => {
  it("when the buyer opens the payment page, then Stripe is asked for an intent of the order's total in cents, USD, the order id, and a key derived from the order", async () => {
    const orderId = await newOrder();
    const response = await startPayment(buyer, orderId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ clientSecret: expect.any(String), provider: "stripe" });
    const [create, ...others] = stub.createsFor(orderId);
    expect(others).toHaveLength(0);
    expect(create!.params).toEqual({
      amount: "5000",
      currency: "usd",
      metadata: { orderId },
      automatic_payment_methods: { enabled: "true", allow_redirects: "never" },
    });
    expect(create!.idempotencyKey).toBe(`toolshop-order-${orderId}-attempt-1`);
    expect(stub.intent(create!.intentId).client_secret).toBe(response.body.clientSecret);
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ attempt: 1, status: "pending", intentId: create!.intentId })]);
  });

  it("when the page is opened again and again, then the shop reuses the intent it has and Stripe makes no second one", async () => {
    const orderId = await newOrder();
    const secrets = [];
    for (let i = 0; i < 3; i++) secrets.push((await startPayment(buyer, orderId)).body.clientSecret);
    expect(new Set(secrets).size).toBe(1);
    expect(stub.createsFor(orderId)).toHaveLength(1);
  });

  it("when the page is opened in many tabs at once, then every create carries the same key and Stripe holds one intent", async () => {
    const orderId = await newOrder();
    const responses = await Promise.all(Array.from({ length: 6 }, () => startPayment(buyer, orderId)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((r) => r.body.clientSecret)).size).toBe(1);
    const creates = stub.createsFor(orderId);
    expect(new Set(creates.map((c) => c.idempotencyKey))).toEqual(new Set([`toolshop-order-${orderId}-attempt-1`]));
    expect(new Set(creates.map((c) => c.intentId)).size).toBe(1);
    expect(await paymentsFor(orderId)).toHaveLength(1);
  });

  it("when the toolPrice sent differs from the order's total, then it is 422 and Stripe is not called", async () => {
    const orderId = await newOrder();
    const response = await startPayment(buyer, orderId, { toolPrice: 49 });
    expectProblem(response, 422);
    expect(response.body.code).toBe("amount_mismatch");
    expect(stub.createsFor(orderId)).toHaveLength(0);
  });

  it("when another buyer names the order, then it is 404 and Stripe is not called", async () => {
    const orderId = await newOrder();
    expectProblem(await startPayment(otherBuyer, orderId), 404);
    expect(stub.createsFor(orderId)).toHaveLength(0);
  });

  it("when the order is paid, then starting a payment is 409 and Stripe makes nothing new", async () => {
    const orderId = await newOrder();
    expect((await chargeAndNotify(await intentFor(orderId))).status).toBe(200);
    const response = await startPayment(buyer, orderId);
    expectProblem(response, 409);
    expect(response.body.code).toBe("order_paid");
    expect(stub.createsFor(orderId)).toHaveLength(1);
  });
});

describe("the webhook", () => {
  it("when Stripe reports the intent succeeded, then the order is paid once with the intent as transaction id, shows paid, ships, and cannot be cancelled", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    const response = await chargeAndNotify(intentId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });

    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
    const mine = await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token });
    expect(mine.body.find((o: { _id: string }) => o._id === orderId)).toMatchObject({ paid: true, status: "paid", transactionId: intentId });
    expectProblem(await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token }), 409);
    const shipped = await api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token });
    expect(shipped.body).toMatchObject({ paid: true, shipped: true, status: "shipped" });
  });

  const badSignatures: [string, (payload: string) => Delivery][] = [
    ["no Stripe-Signature header", () => ({ signature: null })],
    ["an empty Stripe-Signature header", () => ({ signature: "" })],
    ["a signature made with another secret", () => ({ secret: "whsec_someone_else" })],
    ["a garbage header", () => ({ signature: "t=1,v1=deadbeef" })],
    ["a signature older than Stripe's five-minute tolerance", () => ({ timestamp: Math.floor(Date.now() / 1000) - 600 })],
  ];

  it.each(badSignatures)("when a delivery has %s, then it is 400 and nothing changes", async (_name, delivery) => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    const before = await eventCount();
    const payload = JSON.stringify(stub.event("payment_intent.succeeded", intentId));
    const response = await deliver(payload, delivery(payload));
    expectProblem(response, 400);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid", transactionId: null });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect(await eventCount()).toBe(before);
  });

  it("when the body is changed after it was signed, then it is 400 and nothing changes", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    const honest = JSON.stringify(stub.event("payment_intent.payment_failed", intentId));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: honest, secret: WEBHOOK_SECRET });
    stub.setIntent(intentId, { status: "succeeded" });
    const forged = honest.replace('"requires_payment_method"', '"succeeded"').replace("payment_intent.payment_failed", "payment_intent.succeeded");
    expectProblem(await deliver(forged, { signature }), 400);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });

  it("when Stripe delivers the same event again, then the redelivery is acknowledged and changes nothing", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    const event = stub.event("payment_intent.succeeded", intentId);
    expect((await deliver(event)).status).toBe(200);
    const paid = await orderRow(orderId);
    const events = await eventCount();
    expect((await deliver(event)).status).toBe(200);
    expect(await orderRow(orderId)).toEqual(paid);
    expect(await eventCount()).toBe(events);
  });

  it("when an event id already handled comes back with other contents, then it is ignored", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    declineAt(intentId);
    const failed = stub.event("payment_intent.payment_failed", intentId);
    expect((await deliver(failed)).status).toBe(200);
    stub.setIntent(intentId, { status: "succeeded", last_payment_error: null });
    expect((await deliver(stub.event("payment_intent.succeeded", intentId, failed.id))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });

  it("when payment_failed arrives after succeeded, then the order stays paid", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    expect((await chargeAndNotify(intentId)).status).toBe(200);
    declineAt(intentId);
    expect((await deliver(stub.event("payment_intent.payment_failed", intentId))).status).toBe(200);
    stub.setIntent(intentId, { status: "canceled" });
    expect((await deliver(stub.event("payment_intent.canceled", intentId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("when payment_failed arrives, then the order stays unpaid with the bank's message and the same intent can still be paid", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    declineAt(intentId, "Your card has insufficient funds.");
    expect((await deliver(stub.event("payment_intent.payment_failed", intentId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "failed", lastError: "Your card has insufficient funds." })]);

    expect(await intentFor(orderId)).toBe(intentId);
    stub.setIntent(intentId, { last_payment_error: null });
    expect((await chargeAndNotify(intentId)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
  });

  it.each([
    ["an amount other than the order's", { amount: 100 }],
    ["a currency other than USD", { currency: "eur" }],
  ])("when the succeeded intent has %s, then the money goes back, the order stays unpaid and a new attempt can pay it", async (_name, changes) => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, changes);
    expect((await chargeAndNotify(intentId)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid", transactionId: null });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refunded" })]);
    expect(stub.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
    expectProblem(await confirmFromServer(orderId), 409);

    const next = await intentFor(orderId);
    expect(next).not.toBe(intentId);
    expect((await chargeAndNotify(next)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: next });
  });

  it("when Stripe reports the intent canceled, then the order stays unpaid and the next page opening makes attempt 2 under a new key", async () => {
    const orderId = await newOrder();
    const first = await intentFor(orderId);
    stub.setIntent(first, { status: "canceled" });
    expect((await deliver(stub.event("payment_intent.canceled", first))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ attempt: 1, status: "canceled" })]);

    const second = await intentFor(orderId);
    expect(second).not.toBe(first);
    expect(stub.createsFor(orderId).map((c) => c.idempotencyKey)).toEqual([`toolshop-order-${orderId}-attempt-1`, `toolshop-order-${orderId}-attempt-2`]);
    expect(await paymentsFor(orderId)).toEqual([
      expect.objectContaining({ attempt: 1, status: "canceled" }),
      expect.objectContaining({ attempt: 2, status: "pending", intentId: second }),
    ]);
    expect((await chargeAndNotify(second)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: second });
  });

  it("when the intent was canceled at Stripe and no webhook came, then opening the page finds out and makes attempt 2", async () => {
    const orderId = await newOrder();
    const first = await intentFor(orderId);
    stub.setIntent(first, { status: "canceled" });
    const second = await intentFor(orderId);
    expect(second).not.toBe(first);
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "canceled" }), expect.objectContaining({ attempt: 2, intentId: second })]);
  });

  it("when the intent succeeded at Stripe and no webhook came, then opening the page settles it and answers 409", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    expectProblem(await startPayment(buyer, orderId), 409);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
    expect(stub.createsFor(orderId)).toHaveLength(1);
  });

  it("when the intent succeeded at Stripe for another amount and no webhook came, then opening the page makes attempt 2 instead of calling the order paid", async () => {
    const orderId = await newOrder();
    const first = await intentFor(orderId);
    stub.setIntent(first, { status: "succeeded", amount: 100 });
    const second = await intentFor(orderId);
    expect(second).not.toBe(first);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refunded" }), expect.objectContaining({ attempt: 2 })]);
  });

  it("when an intent names another buyer's order in its metadata, then it settles only the order it was made for", async () => {
    const orderId = await newOrder();
    const othersOrderId = await newOrder(otherBuyer);
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { metadata: { orderId: othersOrderId } });
    expect((await chargeAndNotify(intentId)).status).toBe(200);
    expect(await orderRow(othersOrderId)).toMatchObject({ status: "unpaid", transactionId: null });
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
  });

  it("when the event is about an intent the shop never made, or about something else, then it is acknowledged and ignored", async () => {
    const stranger = await StripeStub.start();
    try {
      const orderId = await newOrder();
      const { id } = (await (await fetch(`${stranger.url}/v1/payment_intents`, {
        method: "POST",
        headers: { authorization: "Bearer sk_test_other", "content-type": "application/x-www-form-urlencoded" },
        body: `amount=5000&currency=usd&metadata[orderId]=${orderId}`,
      })).json()) as { id: string };
      stranger.setIntent(id, { status: "succeeded" });
      expect((await deliver(stranger.event("payment_intent.succeeded", id))).status).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    } finally {
      await stranger.stop();
    }
    const customer = { id: "evt_other_kind", object: "event", type: "customer.created", data: { object: { id: "cus_1", object: "customer" } } };
    expect((await deliver(customer)).status).toBe(200);
  });

  it("when the order was cancelled and the card then succeeds, then Stripe is asked for one refund and the order stays cancelled", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);
    const refundCalls = callsTo("/v1/refunds").length;

    stub.setIntent(intentId, { status: "succeeded" });
    const event = stub.event("payment_intent.succeeded", intentId);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    expect(stub.refunds.filter((r) => r.paymentIntent === intentId)).toEqual([
      expect.objectContaining({ amount: 5000, idempotencyKey: `toolshop-refund-${intentId}` }),
    ]);
    expect(callsTo("/v1/refunds")).toHaveLength(refundCalls + 1);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", transactionId: null });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refunded" })]);
  });

  it("when the refund fails, then the webhook answers 502 and Stripe's redelivery makes the refund", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);
    stub.setIntent(intentId, { status: "succeeded" });
    const event = stub.event("payment_intent.succeeded", intentId);

    stub.failNext(2, "error");
    expectProblem(await deliver(event), 502);
    expect(stub.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(0);
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refund_due" })]);

    expect((await deliver(event)).status).toBe(200);
    expect(stub.refunds.filter((r) => r.paymentIntent === intentId)).toHaveLength(1);
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refunded" })]);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
  });
});

describe("confirming from the server", () => {
  it("when the intent succeeded and no webhook came yet, then POST /orders/{id}/payment asks Stripe itself and marks the order paid", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    const retrievals = callsTo(`/v1/payment_intents/${intentId}`).length;
    const response = await confirmFromServer(orderId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: orderId, paid: true, status: "paid", transactionId: intentId });
    expect(callsTo(`/v1/payment_intents/${intentId}`)).toHaveLength(retrievals + 1);

    // The webhook that follows finds the work done.
    expect((await deliver(stub.event("payment_intent.succeeded", intentId))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
  });

  it("when the buyer has not paid at Stripe, then it is 409 and the order stays unpaid, whatever the buyer claims", async () => {
    const orderId = await newOrder();
    await intentFor(orderId);
    const response = await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token, body: { paid: true, status: "succeeded" } });
    expectProblem(response, 409);
    expect(response.body.code).toBe("payment_incomplete");
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });

  it("when the card was declined, then it is 409 with the bank's message", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    declineAt(intentId);
    const response = await confirmFromServer(orderId);
    expectProblem(response, 409);
    expect(response.body.detail).toBe("Your card was declined.");
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "failed" })]);
  });

  it("when the succeeded intent charged another amount, then it is 409 and the order stays unpaid, asked again or not", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded", amount: 4999 });
    expectProblem(await confirmFromServer(orderId), 409);
    expectProblem(await confirmFromServer(orderId), 409);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });

  it("when another buyer asks, then it is 404 and Stripe is not asked", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    const retrievals = callsTo(`/v1/payment_intents/${intentId}`).length;
    expectProblem(await confirmFromServer(orderId, otherBuyer), 404);
    expect(callsTo(`/v1/payment_intents/${intentId}`)).toHaveLength(retrievals);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });
});

describe("the receipt's card", () => {
  const paymentCard = async (orderId: string) => (await paymentsFor(orderId)).map((payment) => [payment.status, payment.cardLast4]);
  const getOrder = (orderId: string) => api.request("GET", `/orders/${orderId}`, { token: buyer.token });
  const retrievalsOf = (intentId: string) => callsTo(`/v1/payment_intents/${intentId}`);

  it("when the server asks Stripe about the intent, then it expands the payment method in that one call and the order names the card's last four", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded", payment_method: stub.card("0077", "mastercard") });
    const before = retrievalsOf(intentId).length;
    const response = await confirmFromServer(orderId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ paid: true, status: "paid", transactionId: intentId, cardLast4: "0077", paidAt: expect.any(String) });
    const retrievals = retrievalsOf(intentId).slice(before);
    expect(retrievals).toHaveLength(1);
    expect(Object.entries(retrievals[0]!.params).filter(([key]) => key.startsWith("expand"))).toEqual([[expect.stringMatching(/^expand\[\d*\]$/), "payment_method"]]);
    expect(await paymentCard(orderId)).toEqual([["succeeded", "0077"]]);
    expect((await getOrder(orderId)).body.cardLast4).toBe("0077");
  });

  it("when the webhook pays the order, then the shop asks Stripe for the card once the payment is committed, and the order names it", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded", payment_method: stub.card("1881") });
    const event = stub.event("payment_intent.succeeded", intentId);
    // A webhook carries the payment method's id, not the card.
    expect(event.data.object.payment_method).toMatch(/^pm_/);
    const before = retrievalsOf(intentId).length;
    expect((await deliver(event)).status).toBe(200);
    expect((await getOrder(orderId)).body).toMatchObject({ paid: true, cardLast4: "1881", transactionId: intentId });
    expect(await paymentCard(orderId)).toEqual([["succeeded", "1881"]]);
    expect(retrievalsOf(intentId).length - before).toBe(1);

    // A redelivery changes nothing and asks nothing.
    expect((await deliver(event)).status).toBe(200);
    expect(retrievalsOf(intentId).length - before).toBe(1);
  });

  it("when Stripe cannot say which card it was after the webhook, then the order is paid all the same, without a card", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded", payment_method: stub.card("3184") });
    stub.failNext(2, "error");
    expect((await deliver(stub.event("payment_intent.succeeded", intentId))).status).toBe(200);
    expect((await getOrder(orderId)).body).toMatchObject({ paid: true, status: "paid", transactionId: intentId, cardLast4: null });
    expect(await paymentCard(orderId)).toEqual([["succeeded", null]]);
  });

  it("when the succeeded intent charged another amount, then the money goes back and neither the order nor the payment names the card", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { amount: 100 });
    expect((await chargeAndNotify(intentId)).status).toBe(200);
    expect((await getOrder(orderId)).body).toMatchObject({ paid: false, cardLast4: null, paidAt: null });
    expect(await paymentCard(orderId)).toEqual([["refunded", null]]);
  });
});

describe("when Stripe is in trouble", () => {
  it("when creating the intent times out, then it is 503, the order stays unpaid, and the retry gets the intent Stripe made under the same key", async () => {
    const orderId = await newOrder();
    stub.failNext(2, "timeout");
    const response = await startPayment(buyer, orderId);
    expectProblem(response, 503);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    expect(await paymentsFor(orderId)).toHaveLength(0);

    const retry = await startPayment(buyer, orderId);
    expect(retry.status).toBe(200);
    const creates = stub.createsFor(orderId);
    expect(creates.length).toBeGreaterThanOrEqual(3);
    expect(new Set(creates.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(new Set(creates.map((c) => c.intentId)).size).toBe(1);
    expect(stub.intent(creates[0]!.intentId).client_secret).toBe(retry.body.clientSecret);
  });

  it("when Stripe answers 500, then it is 502, the order stays unpaid, and the retry makes the one intent", async () => {
    const orderId = await newOrder();
    stub.failNext(2, "error");
    const response = await startPayment(buyer, orderId);
    expectProblem(response, 502);
    expect(response.body.code).toBe("payment_provider_error");
    expect(await paymentsFor(orderId)).toHaveLength(0);

    expect((await startPayment(buyer, orderId)).status).toBe(200);
    expect(stub.createsFor(orderId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });

  it("when Stripe answers 500 once, then the library's own retry under the same key succeeds", async () => {
    const orderId = await newOrder();
    stub.failNext(1, "error");
    expect((await startPayment(buyer, orderId)).status).toBe(200);
    const attempts = stub.calls.filter((c) => c.path === "/v1/payment_intents" && c.idempotencyKey === `toolshop-order-${orderId}-attempt-1`);
    expect(attempts).toHaveLength(2);
    expect(stub.createsFor(orderId)).toHaveLength(1);
  });

  it("when asking Stripe about the intent times out, then POST /orders/{id}/payment is 503, the order stays unpaid, and a later call pays it", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.setIntent(intentId, { status: "succeeded" });
    stub.failNext(2, "timeout");
    expectProblem(await confirmFromServer(orderId), 503);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
    expect((await confirmFromServer(orderId)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentId });
  });

  it("when asking Stripe about an open intent fails, then reopening the page is 502 and the next opening reuses the intent", async () => {
    const orderId = await newOrder();
    const intentId = await intentFor(orderId);
    stub.failNext(2, "error");
    expectProblem(await startPayment(buyer, orderId), 502);
    expect(await intentFor(orderId)).toBe(intentId);
    expect(stub.createsFor(orderId)).toHaveLength(1);
  });
});
