import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsSettings } from "../../src/config/env.js";
import { retryDueRefunds } from "../../src/jobs/retry-due-refunds.js";
import { agePayments, mailsOf, paymentOf } from "../support/inspect/payments.js";
import { expectProblem } from "../support/problems.js";
import { StripeStub } from "../support/stripe-stub.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// An admin cancels a paid order that has not shipped: the money goes back through the provider,
// once, the units go back on sale and the buyer is told. Paid through Stripe (the local stub behind
// the real client library), where a refund can fail and the sweeper asks again.

let stub: StripeStub;
let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;
let stripe: PaymentsSettings;

beforeAll(async () => {
  stub = await StripeStub.start();
  stripe = { kind: "stripe", stripe: { secretKey: "sk_test_toolshop", apiBase: stub.url, timeoutMs: 1000, maxNetworkRetries: 1 } };
  api = await TestApi.start({ payments: stripe });
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(async () => {
  await api?.stop();
  await stub?.stop();
});

const aqOf = async (toolId: string) => (await api.request("GET", `/tools/${toolId}`)).body.aq as number;
const paymentStatusOf = async (intentId: string) => (await paymentOf(api, intentId))!.status;
const mailsFor = (orderId: string, event: string) => mailsOf(api, `order:${orderId}:${event}`);
const refundOrder = (orderId: string, user = admin) => api.request("POST", `/orders/${orderId}/refund`, { token: user.token });
const ship = (orderId: string, body?: unknown) => api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token, body });

/** Four units of a $25 tool that had 100, paid by card at Stripe. */
async function paidOrder(): Promise<{ orderId: string; intentId: string; toolId: string }> {
  const toolId = await api.addTool({ stock: 100 });
  const orderId = await api.placeOrder(buyer, toolId, 4);
  const started = await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId } });
  const intentId = stub.intentBySecret(started.body.clientSecret).id;
  stub.setIntent(intentId, { status: "succeeded" });
  expect((await api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token })).status).toBe(200);
  return { orderId, intentId, toolId };
}

describe("cancelling and refunding a paid order", () => {
  it("when an admin refunds a paid order, then the whole amount goes back once, the units return, the order reads Refunded, the buyer is told and the audit log says who", async () => {
    const { orderId, intentId, toolId } = await paidOrder();
    expect(await aqOf(toolId)).toBe(96);

    const response = await refundOrder(orderId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: orderId, status: "refunded", paid: true, shipped: false, refundedAt: expect.any(String) });
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ amount: 10000, idempotencyKey: `toolshop-refund-${intentId}` })]);
    expect(await paymentStatusOf(intentId)).toBe("refunded");
    expect(await aqOf(toolId)).toBe(100);

    const mine = await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token });
    expect(mine.body.find((o: { _id: string }) => o._id === orderId)).toMatchObject({ status: "refunded" });
    expect((await mailsFor(orderId, "refunded")).map(({ recipient, subject }) => ({ recipient, subject }))).toEqual([
      { recipient: buyer.email, subject: `Order ${orderId.slice(0, 8).toUpperCase()} cancelled and refunded` },
    ]);
    const audit = (await api.request("GET", "/audit-log", { token: admin.token })).body as { action: string; targetId: string; actorEmail: string; details: unknown }[];
    expect(audit.filter((e) => e.action === "order.refunded" && e.targetId === orderId).map(({ actorEmail, details }) => ({ actorEmail, details }))).toEqual([
      { actorEmail: admin.email, details: { userEmail: buyer.email, totalCents: 10000, transactionId: intentId } },
    ]);
  });

  it("when the refund is asked for again, or twice at once, then the provider refunds once and the units come back once", async () => {
    const { orderId, intentId, toolId } = await paidOrder();
    const answers = await Promise.all([refundOrder(orderId), refundOrder(orderId), refundOrder(orderId)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await refundOrder(orderId)).body).toMatchObject({ status: "refunded" });
    expect(stub.refundsFor(intentId)).toHaveLength(1);
    expect(await aqOf(toolId)).toBe(100);
    expect(await mailsFor(orderId, "refunded")).toHaveLength(1);
  });

  it("when refunding races with shipping, then exactly one wins: a refunded order is never shipped and a shipped one never refunded", async () => {
    for (let i = 0; i < 4; i++) {
      const { orderId, intentId } = await paidOrder();
      const [refunded, shipped] = await Promise.all([refundOrder(orderId), ship(orderId)]);
      const order = (await api.request("GET", `/orders/${orderId}`, { token: admin.token })).body;
      if (order.status === "refunded") {
        expect(refunded.status).toBe(200);
        expectProblem(shipped, 409);
        expect(shipped.body.code).toBe("order_refunded");
        expect(stub.refundsFor(intentId)).toHaveLength(1);
      } else {
        expect(order.status).toBe("shipped");
        expect(shipped.status).toBe(200);
        expectProblem(refunded, 409);
        expect(refunded.body.code).toBe("order_shipped");
        expect(stub.refundsFor(intentId)).toHaveLength(0);
      }
    }
  });

  it("when the provider fails the refund, then the order is refunded and the money owed, and the sweeper gives it back under the same key", async () => {
    const { orderId, intentId } = await paidOrder();
    stub.failNext(2, "error", { path: "/v1/refunds" });
    expect((await refundOrder(orderId)).body).toMatchObject({ status: "refunded" });
    expect(await paymentStatusOf(intentId)).toBe("refund_due");
    expect(stub.refundsFor(intentId)).toHaveLength(0);

    await agePayments(api, 10, { intentId });
    expect((await retryDueRefunds(api.stores, stripe)).refunded).toEqual([intentId]);
    expect(stub.refundsFor(intentId)).toEqual([expect.objectContaining({ idempotencyKey: `toolshop-refund-${intentId}` })]);
    expect(await paymentStatusOf(intentId)).toBe("refunded");
  });

  it("when the order is unpaid, shipped or unknown, then nothing is refunded and the answer says why", async () => {
    const unpaid = await api.placeOrder(buyer, await api.addTool());
    const refusedUnpaid = await refundOrder(unpaid);
    expectProblem(refusedUnpaid, 409);
    expect(refusedUnpaid.body.code).toBe("order_unpaid");
    const { orderId: shippedId, intentId } = await paidOrder();
    expect((await ship(shippedId)).status).toBe(200);
    const refusedShipped = await refundOrder(shippedId);
    expectProblem(refusedShipped, 409);
    expect(refusedShipped.body.code).toBe("order_shipped");
    expect(stub.refundsFor(intentId)).toHaveLength(0);
    expectProblem(await refundOrder("0b7e1c2a-1111-4222-8333-944445555666"), 404);
    expectProblem(await refundOrder("not-an-id"), 404);
  });

  it("when a buyer asks to refund their own paid order, then it is forbidden and nothing changes", async () => {
    const { orderId, intentId } = await paidOrder();
    expectProblem(await refundOrder(orderId, buyer), 403);
    expect(stub.refundsFor(intentId)).toHaveLength(0);
    expect((await api.request("GET", `/orders/${orderId}`, { token: buyer.token })).body).toMatchObject({ status: "paid" });
  });
});

describe("shipping details", () => {
  it("when an order is shipped with a carrier and tracking number, then the order and the buyer's e-mail carry them", async () => {
    const { orderId } = await paidOrder();
    const shipped = await ship(orderId, { carrier: "  DHL Express ", trackingNumber: "JD014600006281" });
    expect(shipped.body).toMatchObject({ status: "shipped", shippingCarrier: "DHL Express", trackingNumber: "JD014600006281" });
    const [mail] = await mailsFor(orderId, "shipped");
    expect(mail!.text).toContain("Carrier: DHL Express");
    expect(mail!.text).toContain("Tracking number: JD014600006281");
  });

  it("when shipped with no body, as the contract's Shipped button does (docs/product.md §3.10), or with blank details, then it ships without them", async () => {
    for (const body of [undefined, {}, { carrier: " ", trackingNumber: "" }]) {
      const { orderId } = await paidOrder();
      const shipped = await ship(orderId, body);
      expect(shipped.body).toMatchObject({ status: "shipped", shippingCarrier: null, trackingNumber: null });
    }
  });

  it("when the details are too long, unknown or not a tracking number, then 400 and the order stays paid", async () => {
    const { orderId } = await paidOrder();
    for (const body of [{ carrier: "x".repeat(101) }, { trackingNumber: "<script>" }, { carrier: "UPS", note: "fragile" }]) {
      expectProblem(await ship(orderId, body), 400);
    }
    expect((await api.request("GET", `/orders/${orderId}`, { token: admin.token })).body).toMatchObject({ status: "paid" });
  });
});
