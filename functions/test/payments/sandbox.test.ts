import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { everythingStored, handledEvents, orderOf, paymentOf, paymentsOfOrder, sandboxIntentsOfOrder, setOrderTotal } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// The built-in sandbox provider, driven as the payment page drives it: create-payment-intent for
// the client secret, then the sandbox's confirm call with a card, as Stripe.js confirms one.

const SUCCESS = "4242424242424242";
const DECLINED = "4000000000000002";

let api: TestApi;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;
let admin: SignedInUser;
/** Everything the app logged in this file, for the check that card numbers never reach the logs. */
const logLines: string[] = [];

beforeAll(async () => {
  api = await TestApi.start({ logger: { level: "trace", stream: { write: (line: string) => void logLines.push(line) } } });
  [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, overrides: Partial<{ expMonth: number | null; expYear: number | null; cvc: string }> = {}) => ({
  number,
  expMonth: 12,
  expYear: nextYear + 2,
  cvc: "123",
  ...overrides,
});
type Card = ReturnType<typeof card>;

/** An unpaid order of the default tool: two units at $25, $50 in all. */
async function newOrder(user = buyer, tool: Parameters<TestApi["addTool"]>[0] = {}): Promise<string> {
  return api.placeOrder(user, await api.addTool(tool));
}

const startPayment = (user: SignedInUser, orderId: string, extra: Record<string, unknown> = {}) =>
  api.request("POST", "/create-payment-intent", { token: user.token, body: { orderId, ...extra } });

async function clientSecretFor(orderId: string, user = buyer): Promise<string> {
  const response = await startPayment(user, orderId);
  expect(response.status).toBe(200);
  return response.body.clientSecret;
}

const intentIdOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;

const confirmCard = (clientSecret: string, number: Card | string, user = buyer): Promise<ApiResponse> =>
  api.request("POST", `/sandbox/payment-intents/${intentIdOf(clientSecret)}/confirm`, {
    token: user.token,
    body: { clientSecret, card: typeof number === "string" ? card(number) : number, billingDetails: { name: user.name, email: user.email } },
  });

const getOrder = (orderId: string, user = buyer) => api.request("GET", `/orders/${orderId}`, { token: user.token });
const myOrders = async (user = buyer) =>
  (await api.request("GET", `/orders?userEmail=${encodeURIComponent(user.email)}`, { token: user.token })).body as { _id: string; paid: boolean }[];

const sandboxIntentsFor = (orderId: string) => sandboxIntentsOfOrder(api, orderId);
const paymentsFor = (orderId: string) => paymentsOfOrder(api, orderId);
const orderRow = (orderId: string) => orderOf(api, orderId);

async function paidOrder(): Promise<{ orderId: string; intentId: string }> {
  const orderId = await newOrder();
  const clientSecret = await clientSecretFor(orderId);
  expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
  return { orderId, intentId: intentIdOf(clientSecret) };
}

describe("starting a payment", () => {
  it("when the buyer opens the payment page, then a client secret comes back for an intent of the order's total in USD, keyed by the order", async () => {
    const orderId = await newOrder();
    const response = await startPayment(buyer, orderId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ clientSecret: expect.stringMatching(/^pi_sandbox_\w+_secret_\w+$/), provider: "sandbox" });
    const [intent, ...others] = await sandboxIntentsFor(orderId);
    expect(others).toHaveLength(0);
    expect(intent).toMatchObject({ id: intentIdOf(response.body.clientSecret), amount: 5000, currency: "usd", metadata: { orderId }, status: "requires_payment_method" });
    expect(intent!.idempotencyKey).toContain(orderId);
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ attempt: 1, status: "pending", intentId: intent!.id })]);
  });

  it("when the page is opened again and again, then every time the same intent comes back", async () => {
    const orderId = await newOrder();
    const secrets = [];
    for (let i = 0; i < 4; i++) secrets.push(await clientSecretFor(orderId));
    expect(new Set(secrets).size).toBe(1);
    expect(await sandboxIntentsFor(orderId)).toHaveLength(1);
  });

  it("when the page is opened in many tabs at once, then they all get the one intent", async () => {
    const orderId = await newOrder();
    const responses = await Promise.all(Array.from({ length: 8 }, () => startPayment(buyer, orderId)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((r) => r.body.clientSecret)).size).toBe(1);
    expect(await sandboxIntentsFor(orderId)).toHaveLength(1);
    expect(await paymentsFor(orderId)).toHaveLength(1);
  });

  it("when an old client sends the order's total as toolPrice, then it is accepted", async () => {
    const orderId = await newOrder();
    expect((await startPayment(buyer, orderId, { toolPrice: 50 })).status).toBe(200);
  });

  it("when the toolPrice sent differs from the order's total, then it is refused with 422 and no intent is made", async () => {
    const orderId = await newOrder();
    for (const toolPrice of [1, 49.99, 50.01, 5000]) {
      const response = await startPayment(buyer, orderId, { toolPrice });
      expectProblem(response, 422);
      expect(response.body.code).toBe("amount_mismatch");
    }
    expect(await sandboxIntentsFor(orderId)).toHaveLength(0);
  });

  it("when another buyer's order is named, then it is 404 for them and an admin alike, and no intent is made", async () => {
    const orderId = await newOrder();
    expectProblem(await startPayment(otherBuyer, orderId), 404);
    expectProblem(await startPayment(admin, orderId), 404);
    expect(await sandboxIntentsFor(orderId)).toHaveLength(0);
  });

  it("when the order does not exist or was cancelled, then it is 404", async () => {
    expectProblem(await startPayment(buyer, "00000000-0000-4000-8000-000000000000"), 404);
    expectProblem(await startPayment(buyer, "not-an-order"), 404);
    const orderId = await newOrder();
    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);
    expectProblem(await startPayment(buyer, orderId), 404);
  });

  it("when the caller is not signed in, then it is 401", async () => {
    expectProblem(await api.request("POST", "/create-payment-intent", { body: { orderId: await newOrder() } }), 401);
  });

  it("when the contract's old client (docs/product.md §8.2) sends only toolPrice, then it is refused with 400 naming orderId", async () => {
    const response = await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { toolPrice: 50 } });
    expectProblem(response, 400);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain("body/orderId");
  });

  it("when the order's total is below the card minimum of $0.50, then it is refused with 422", async () => {
    // Placing refuses such an order now (test/security/money-limits.test.ts); one placed before could have $0.
    const orderId = await newOrder(buyer);
    await setOrderTotal(api, orderId, 0);
    const response = await startPayment(buyer, orderId);
    expectProblem(response, 422);
    expect(response.body.code).toBe("amount_too_small");
  });

  it("when the order is already paid, then starting a payment is refused with 409", async () => {
    const { orderId } = await paidOrder();
    const response = await startPayment(buyer, orderId);
    expectProblem(response, 409);
    expect(response.body.code).toBe("order_paid");
    expect(await sandboxIntentsFor(orderId)).toHaveLength(1);
  });
});

describe("test cards", () => {
  it.each([
    ["4242424242424242", "digits only"],
    ["4242 4242 4242 4242", "in groups of four"],
  ])("when the buyer pays with %s (%s), then the order is paid with the intent as its transaction id", async (number) => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const response = await confirmCard(clientSecret, number);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: intentIdOf(clientSecret), status: "succeeded", amount: 5000, currency: "usd" });
    expect((await getOrder(orderId)).body).toMatchObject({ paid: true, status: "paid", transactionId: intentIdOf(clientSecret) });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  });

  it("when a sandbox card succeeds, then the order is settled through the provider-event handler, as a Stripe webhook is", async () => {
    const { intentId } = await paidOrder();
    const events = (await handledEvents(api)).filter((e) => e.id.startsWith("evt_sandbox_"));
    expect(events.map((e) => e.type)).toContain("payment_intent.succeeded");
    expect((await sandboxIntentsFor((await paymentOf(api, intentId))!.payable.id))[0]).toMatchObject({
      status: "succeeded",
      cardLast4: "4242",
    });
  });

  const declines: [string, string, string][] = [
    [DECLINED, "card_declined", "Your card was declined."],
    ["4000000000009995", "card_declined", "Your card has insufficient funds."],
    ["4000000000000069", "expired_card", "Your card has expired."],
    ["4000000000000127", "incorrect_cvc", "Your card's security code is incorrect."],
  ];

  it.each(declines)(
    "when the bank refuses %s (%s), then the buyer reads '%s', the order stays unpaid, and the same intent can then be paid",
    async (number, code, message) => {
      const orderId = await newOrder();
      const clientSecret = await clientSecretFor(orderId);
      const response = await confirmCard(clientSecret, number);
      expectProblem(response, 402);
      expect(response.body).toMatchObject({ code, detail: message });
      expect((await getOrder(orderId)).body).toMatchObject({ paid: false, status: "unpaid", transactionId: null });
      expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "failed", lastError: message })]);

      expect(await clientSecretFor(orderId)).toBe(clientSecret);
      expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
      expect((await getOrder(orderId)).body).toMatchObject({ paid: true, transactionId: intentIdOf(clientSecret) });
      expect(await sandboxIntentsFor(orderId)).toHaveLength(1);
    },
  );

  const thisYear = new Date().getUTCFullYear();
  const refusals: [string, Card, string, string][] = [
    ["a number failing the Luhn check", card("4242424242424241"), "invalid_number", "Your card number is invalid."],
    ["letters in the number", card("4242abcd42424242"), "invalid_number", "Your card number is invalid."],
    ["an empty number", card(""), "incomplete_number", "Your card number is incomplete."],
    ["a number too short", card("42424242"), "incomplete_number", "Your card number is incomplete."],
    ["no expiry month", card(SUCCESS, { expMonth: null }), "incomplete_expiry", "Your card's expiration date is incomplete."],
    ["no expiry year", card(SUCCESS, { expYear: null }), "incomplete_expiry", "Your card's expiration date is incomplete."],
    ["a month of 13", card(SUCCESS, { expMonth: 13 }), "invalid_expiry_month", "Your card's expiration month is invalid."],
    ["an expiry year in the past", card(SUCCESS, { expYear: thisYear - 1 }), "invalid_expiry_year_past", "Your card's expiration year is in the past."],
    ["a two-digit expiry year in the past", card(SUCCESS, { expYear: (thisYear - 1) % 100 }), "invalid_expiry_year_past", "Your card's expiration year is in the past."],
    ["no CVC", card(SUCCESS, { cvc: "" }), "incomplete_cvc", "Your card's security code is incomplete."],
    ["a CVC of letters", card(SUCCESS, { cvc: "12a" }), "invalid_cvc", "Your card's security code is invalid."],
  ];

  it.each(refusals)("when the form has %s, then it is refused with Stripe's message and nothing is attempted", async (_name, input, code, message) => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const response = await confirmCard(clientSecret, input);
    expectProblem(response, 402);
    expect(response.body).toMatchObject({ code, detail: message });
    expect((await getOrder(orderId)).body).toMatchObject({ paid: false, status: "unpaid" });
    // Stripe.js would not have sent this form: no failed attempt is recorded against the order.
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "pending", lastError: null })]);
    expect((await sandboxIntentsFor(orderId))[0]).toMatchObject({ status: "requires_payment_method" });
  });

  it("when the expiry month has just passed this year, then it is refused as in the past", async () => {
    const month = new Date().getUTCMonth() + 1;
    if (month === 1) return; // In January no month of this year is in the past.
    const orderId = await newOrder();
    const response = await confirmCard(await clientSecretFor(orderId), card(SUCCESS, { expMonth: month - 1, expYear: thisYear }));
    expectProblem(response, 402);
    expect(response.body.detail).toBe("Your card's expiration date is in the past.");
  });

  it("when a card field is missing altogether, then the form is refused with 400 and the order stays unpaid", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const { cvc: _cvc, ...withoutCvc } = card(SUCCESS);
    const response = await api.request("POST", `/sandbox/payment-intents/${intentIdOf(clientSecret)}/confirm`, {
      token: buyer.token,
      body: { clientSecret, card: withoutCvc, billingDetails: { name: buyer.name, email: buyer.email } },
    });
    expectProblem(response, 400);
    expect((await getOrder(orderId)).body.paid).toBe(false);
  });

  it("when the client secret does not belong to the intent, then it is 404 and the order stays unpaid", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const forged = `${intentIdOf(clientSecret)}_secret_0000`;
    expectProblem(await confirmCard(forged, SUCCESS), 404);
    expect((await getOrder(orderId)).body.paid).toBe(false);
  });

  it("when a succeeded intent is confirmed again, then it is refused with 409 and nothing changes", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    const before = await orderRow(orderId);
    const response = await confirmCard(clientSecret, DECLINED);
    expectProblem(response, 409);
    expect(await orderRow(orderId)).toEqual(before);
  });

  it("when two cards are confirmed on one intent at once, then one payment goes through and the order is paid once", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const responses = await Promise.all([confirmCard(clientSecret, SUCCESS), confirmCard(clientSecret, "5555555555554444")]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: intentIdOf(clientSecret) });
  });
});

describe("the receipt's card and time", () => {
  const paymentCard = async (orderId: string) => (await paymentsFor(orderId)).map((payment) => [payment.status, payment.cardLast4]);

  it.each([
    ["4242424242424242", "4242"],
    ["5555 5555 5555 4444", "4444"],
  ])("when the buyer pays with %s, then the order names the card's last four, %s, and when it was paid, in every answer that carries it", async (number, last4) => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    const before = Date.now();
    expect((await confirmCard(clientSecret, number)).status).toBe(200);
    const paid = (await getOrder(orderId)).body;
    expect(paid).toMatchObject({ paid: true, status: "paid", cardLast4: last4, transactionId: intentIdOf(clientSecret), shippedAt: null, cancelledAt: null });
    expect(Date.parse(paid.paidAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(paid.paidAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await paymentCard(orderId)).toEqual([["succeeded", last4]]);
    expect((await myOrders()).find((o) => o._id === orderId)).toMatchObject({ cardLast4: last4, paidAt: paid.paidAt });
    const checked = await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });
    expect(checked.body).toMatchObject({ cardLast4: last4, paidAt: paid.paidAt });
  });

  it("when a card is declined and another then pays, then the order and its payment name the card that paid, never the declined one", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    expectProblem(await confirmCard(clientSecret, DECLINED), 402);
    expect((await getOrder(orderId)).body).toMatchObject({ cardLast4: null, paidAt: null });
    expect(await paymentCard(orderId)).toEqual([["failed", null]]);

    expect((await confirmCard(clientSecret, "5555555555554444")).status).toBe(200);
    expect((await getOrder(orderId)).body).toMatchObject({ paid: true, cardLast4: "4444" });
    expect(await paymentCard(orderId)).toEqual([["succeeded", "4444"]]);
  });

  it("when the card pays an order that was cancelled meanwhile, then the money goes back and the cancelled order names no card", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);
    await confirmCard(clientSecret, SUCCESS);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", cardLast4: null, paidAt: null });
    expect(await paymentCard(orderId)).toEqual([["refunded", null]]);
  });

  it("when the paid order is shipped, then the card and the time paid stay, and the time shipped follows", async () => {
    const { orderId } = await paidOrder();
    const paid = (await getOrder(orderId)).body;
    const shipped = await api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token });
    expect(shipped.body).toMatchObject({ status: "shipped", cardLast4: "4242", paidAt: paid.paidAt });
    expect(Date.parse(shipped.body.shippedAt)).toBeGreaterThanOrEqual(Date.parse(paid.paidAt));
  });
});

describe("confirming a payment from the server", () => {
  it("when no payment was started, then POST /orders/{id}/payment is refused with 409 and the order stays unpaid", async () => {
    const orderId = await newOrder();
    const response = await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });
    expectProblem(response, 409);
    expect(response.body.code).toBe("payment_not_started");
  });

  it("when the card was declined, then POST /orders/{id}/payment answers 409 with the bank's message and the order stays unpaid", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    await confirmCard(clientSecret, DECLINED);
    const response = await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });
    expectProblem(response, 409);
    expect(response.body.detail).toBe("Your card was declined.");
    expect((await getOrder(orderId)).body.paid).toBe(false);
  });

  it("when the card was charged, then POST /orders/{id}/payment answers with the paid order, however often it is called", async () => {
    const { orderId, intentId } = await paidOrder();
    for (let i = 0; i < 2; i++) {
      const response = await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ _id: orderId, paid: true, transactionId: intentId });
    }
  });

  it("when another buyer asks about the order, then it is 404", async () => {
    const { orderId } = await paidOrder();
    expectProblem(await api.request("POST", `/orders/${orderId}/payment`, { token: otherBuyer.token }), 404);
  });
});

describe("after payment", () => {
  it("when the order is paid, then My Orders shows it paid at once, it cannot be cancelled, and the admin can ship it", async () => {
    const orderId = await newOrder();
    const clientSecret = await clientSecretFor(orderId);
    expect((await myOrders()).find((o) => o._id === orderId)).toMatchObject({ paid: false });
    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    expect((await myOrders()).find((o) => o._id === orderId)).toMatchObject({ paid: true });

    const cancel = await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token });
    expectProblem(cancel, 409);
    expectProblem(await api.request("DELETE", `/orders/${orderId}`, { token: admin.token }), 409);

    const shipped = await api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ paid: true, shipped: true, status: "shipped" });
    expect((await myOrders()).find((o) => o._id === orderId)).toMatchObject({ paid: true, shipped: true, status: "shipped" });
    expectProblem(await startPayment(buyer, orderId), 409);
  });

  it("when an unpaid order is to be shipped, then the admin is refused with 409", async () => {
    const orderId = await newOrder();
    expectProblem(await api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token }), 409);
  });

  it("when the order is cancelled while the page is open and the card then goes through, then the money goes back and the order stays cancelled", async () => {
    const toolId = await api.addTool({ stock: 10 });
    const orderId = await api.placeOrder(buyer, toolId, 2);
    const clientSecret = await clientSecretFor(orderId);
    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);

    expect((await confirmCard(clientSecret, SUCCESS)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", transactionId: null });
    expect(await paymentsFor(orderId)).toEqual([expect.objectContaining({ status: "refunded" })]);
    expect((await sandboxIntentsFor(orderId))[0]!.refundedAt).toBeInstanceOf(Date);
    expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(10);
    expectProblem(await getOrder(orderId), 404);
  });
});

describe("a shop on the sandbox", () => {
  it("when a Stripe webhook is posted to it, then there is no such route and nothing changes", async () => {
    const orderId = await newOrder();
    const event = { id: "evt_1", type: "payment_intent.succeeded", data: { object: { id: "pi_1", object: "payment_intent" } } };
    expectProblem(await api.request("POST", "/webhooks/stripe", { body: event, headers: { "stripe-signature": "t=1,v1=00" } }), 404);
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid" });
  });
});

describe("card numbers", () => {
  async function everythingAsText(): Promise<string> {
    const { names, text } = await everythingStored(api);
    expect(names).toEqual(expect.arrayContaining(["orders", "payments", "paymentEvents", "sandboxIntents"]));
    return text;
  }

  it("when cards are paid and declined, then no full card number is anywhere in the store or in the logs", async () => {
    const paid = await newOrder();
    expect((await confirmCard(await clientSecretFor(paid), SUCCESS)).status).toBe(200);
    const declined = await newOrder();
    expect((await confirmCard(await clientSecretFor(declined), DECLINED)).status).toBe(402);
    expect((await confirmCard(await clientSecretFor(declined), card(DECLINED, { expYear: 2001 }))).status).toBe(402);

    const stored = await everythingAsText();
    expect(stored).toContain(paid);
    expect(stored).toContain("4242");
    const logs = logLines.join("");
    expect(logs).toContain("/confirm");
    for (const number of [SUCCESS, DECLINED, "4242 4242 4242 4242", "4000000000009995", "4000000000000069", "4000000000000127", "4242424242424241"]) {
      expect(stored).not.toContain(number);
      expect(logs).not.toContain(number);
    }
  });
});
