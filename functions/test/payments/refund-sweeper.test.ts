import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsSettings } from "../../src/config/env.js";
import { retryDueRefunds } from "../../src/jobs/retry-due-refunds.js";
import { agePayments, everyOrder, everyPayment, orderOf, paymentOf as storedPayment } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { StripeStub } from "../support/stripe-stub.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Money that came in without paying its order, whose refund Stripe failed where no webhook would
// ask again: the sweeper job gives it back later. The job runs apart from the API, as the scheduled
// function does, against the same store and the same Stripe stub.

let stub: StripeStub;
let api: TestApi;
let buyer: SignedInUser;
let stripe: PaymentsSettings;

beforeAll(async () => {
  stub = await StripeStub.start();
  stripe = { kind: "stripe", stripe: { secretKey: "sk_test_toolshop", apiBase: stub.url, timeoutMs: 1000, maxNetworkRetries: 1 } };
  api = await TestApi.start({ payments: stripe });
  buyer = await api.signUp();
});
afterEach(() => stub.clearFailures());
afterAll(async () => {
  await api?.stop();
  await stub?.stop();
});

const sweep = () => retryDueRefunds(api.stores, stripe);

const paymentOf = async (intentId: string) => (await storedPayment(api, intentId))!;
const orderRow = (orderId: string) => orderOf(api, orderId);
const refundCallsFor = (intentId: string) => stub.calls.filter((c) => c.path === "/v1/refunds" && c.params.payment_intent === intentId);

/** Past the grace the sweeper gives a refund that may still be on its way. */
const ageDueRefunds = () => agePayments(api, 10, { status: "refund_due" });

async function intentFor(orderId: string): Promise<string> {
  const response = await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId } });
  expect(response.status).toBe(200);
  return stub.intentBySecret(response.body.clientSecret).id;
}

const confirmFromServer = (orderId: string) => api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });

/**
 * A $50 order whose card was charged $1 at Stripe: the server's own check finds the money does not
 * pay the order, and Stripe fails the refund. No webhook is coming to try again.
 */
async function refundLeftDue(): Promise<{ orderId: string; intentId: string }> {
  const orderId = await api.placeOrder(buyer, await api.addTool());
  const intentId = await intentFor(orderId);
  stub.setIntent(intentId, { status: "succeeded", amount: 100 });
  stub.failNext(2, "error", { path: "/v1/refunds" });
  expectProblem(await confirmFromServer(orderId), 502);
  expect(await paymentOf(intentId)).toMatchObject({ status: "refund_due" });
  expect(stub.refundsFor(intentId)).toHaveLength(0);
  return { orderId, intentId };
}

describe("the refund sweeper", () => {
  it("when a refund failed outside a webhook, then the next run asks Stripe under the same key, the money goes back once, and the order can still be paid", async () => {
    const { orderId, intentId } = await refundLeftDue();
    await ageDueRefunds();

    expect(await sweep()).toEqual({ refunded: [intentId], refundedOrders: [], stillDue: [], notTried: 0 });

    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 100, idempotencyKey: `toolshop-refund-${intentId}` })]);
    expect(new Set(refundCallsFor(intentId).map((c) => c.idempotencyKey))).toEqual(new Set([`toolshop-refund-${intentId}`]));
    expect(await paymentOf(intentId)).toMatchObject({ status: "refunded" });
    expect(await orderRow(orderId)).toMatchObject({ status: "unpaid", transactionId: null });

    const next = await intentFor(orderId);
    expect(next).not.toBe(intentId);
    stub.setIntent(next, { status: "succeeded" });
    expect((await confirmFromServer(orderId)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", transactionId: next });
  });

  it("when Stripe fails the refund again, then the payment stays due exactly as it was, and the run after refunds it", async () => {
    const { intentId } = await refundLeftDue();
    await ageDueRefunds();
    const before = await paymentOf(intentId);

    stub.failNext(2, "error", { path: "/v1/refunds" });
    expect(await sweep()).toEqual({ refunded: [], refundedOrders: [], stillDue: [{ intentId, error: expect.stringContaining("refused") }], notTried: 0 });
    expect(await paymentOf(intentId)).toEqual(before);
    expect(stub.refundsFor(intentId)).toHaveLength(0);

    expect((await sweep()).refunded).toEqual([intentId]);
    expect(stub.refundsFor(intentId)).toHaveLength(1);
    expect(await paymentOf(intentId)).toMatchObject({ status: "refunded" });
  });

  it("when Stripe made the refund but its answer was lost, then the run that cannot reach it stops, and the next one completes it without a second refund", async () => {
    const first = await refundLeftDue();
    const second = await refundLeftDue();
    await ageDueRefunds();

    // Stripe does the work and the answer never arrives, for the call and for the library's retry.
    stub.failNext(2, "timeout", { path: "/v1/refunds" });
    const cutOff = await sweep();
    expect(cutOff.refunded).toEqual([]);
    expect(cutOff.stillDue).toHaveLength(1);
    expect(cutOff.notTried).toBe(1);
    const tried = cutOff.stillDue[0]!.intentId;
    expect(stub.refundsFor(tried)).toHaveLength(1);
    expect(await paymentOf(first.intentId)).toMatchObject({ status: "refund_due" });
    expect(await paymentOf(second.intentId)).toMatchObject({ status: "refund_due" });

    expect(new Set((await sweep()).refunded)).toEqual(new Set([first.intentId, second.intentId]));
    expect(stub.refundsFor(first.intentId)).toHaveLength(1);
    expect(stub.refundsFor(second.intentId)).toHaveLength(1);
    expect(await paymentOf(first.intentId)).toMatchObject({ status: "refunded" });
    expect(await paymentOf(second.intentId)).toMatchObject({ status: "refunded" });
  });

  it("when the sweeper runs twice in a row or twice at once, then Stripe makes one refund", async () => {
    const { intentId } = await refundLeftDue();
    await ageDueRefunds();

    const together = await Promise.all([sweep(), sweep()]);
    expect(together.flatMap((r) => r.refunded)).toContain(intentId);
    expect(together.flatMap((r) => r.stillDue)).toEqual([]);
    const calls = refundCallsFor(intentId).length;

    expect(await sweep()).toEqual({ refunded: [], refundedOrders: [], stillDue: [], notTried: 0 });
    expect(refundCallsFor(intentId)).toHaveLength(calls);
    expect(stub.refundsFor(intentId)).toHaveLength(1);
    expect(await paymentOf(intentId)).toMatchObject({ status: "refunded" });
  });

  it("when a refund has only just become due, then the sweeper leaves it to the request that may still be asking, and takes it after the grace", async () => {
    const { intentId } = await refundLeftDue();
    const calls = refundCallsFor(intentId).length;

    expect((await sweep()).refunded).not.toContain(intentId);
    expect(refundCallsFor(intentId)).toHaveLength(calls);
    expect(await paymentOf(intentId)).toMatchObject({ status: "refund_due" });

    await ageDueRefunds();
    expect((await sweep()).refunded).toEqual([intentId]);
  });

  it("when the money already went back another way (the dashboard, or a first try whose key Stripe forgot), then the payment is marked refunded without a second refund", async () => {
    const { intentId } = await refundLeftDue();
    await ageDueRefunds();
    const dashboard = await fetch(`${stub.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: "Bearer sk_test_dashboard", "content-type": "application/x-www-form-urlencoded" },
      body: `payment_intent=${intentId}`,
    });
    expect(dashboard.status).toBe(200);

    expect((await sweep()).refunded).toEqual([intentId]);
    expect(stub.refundsFor(intentId)).toHaveLength(1);
    expect(await paymentOf(intentId)).toMatchObject({ status: "refunded" });
  });

  it("when the sweeper runs, then nothing but due refunds changes: other payments, their orders and Stripe are left alone, and the sandbox never claims Stripe's money", async () => {
    const paid = await api.placeOrder(buyer, await api.addTool());
    stub.setIntent(await intentFor(paid), { status: "succeeded" });
    expect((await confirmFromServer(paid)).status).toBe(200);

    await intentFor(await api.placeOrder(buyer, await api.addTool()));

    const declined = await api.placeOrder(buyer, await api.addTool());
    stub.setIntent(await intentFor(declined), {
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    });
    expectProblem(await confirmFromServer(declined), 409);

    const canceled = await api.placeOrder(buyer, await api.addTool());
    stub.setIntent(await intentFor(canceled), { status: "canceled" });
    await intentFor(canceled);

    const mischarged = await api.placeOrder(buyer, await api.addTool());
    stub.setIntent(await intentFor(mischarged), { status: "succeeded", amount: 100 });
    expectProblem(await confirmFromServer(mischarged), 409);

    const due = await refundLeftDue();
    await agePayments(api, 60);
    const paymentsBefore = await everyPayment(api);
    const ordersBefore = await everyOrder(api);
    const callsBefore = stub.calls.length;

    // The sandbox holds none of this money: marking Stripe's payment refunded would return nothing.
    expect(await retryDueRefunds(api.stores, { kind: "sandbox" })).toEqual({ refunded: [], refundedOrders: [], stillDue: [], notTried: 0 });
    expect(await everyPayment(api)).toEqual(paymentsBefore);

    expect(await sweep()).toEqual({ refunded: [due.intentId], refundedOrders: [], stillDue: [], notTried: 0 });
    const changed = (await everyPayment(api)).filter((row, i) => JSON.stringify(row) !== JSON.stringify(paymentsBefore[i]));
    expect(changed).toEqual([expect.objectContaining({ intentId: due.intentId, status: "refunded" })]);
    expect(await everyOrder(api)).toEqual(ordersBefore);
    expect(stub.calls.slice(callsBefore).map((c) => `${c.method} ${c.path} ${String(c.params.payment_intent)}`)).toEqual([
      `POST /v1/refunds ${due.intentId}`,
    ]);
  });
});
