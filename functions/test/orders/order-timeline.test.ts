import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// What an order's page and receipt read: when it was paid, shipped or cancelled, and the card that
// paid, beside the contract's fields (docs/product.md §4.3), which stay as they were. The payments tests pay for real, through
// the sandbox and the Stripe stub; here a payment is stood in for where only what follows matters.

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

/** The contract's order fields (docs/product.md §4.3 and §8.2), then what the shop added before this, then the timeline and the card. */
const SPEC_FIELDS = ["_id", "toolId", "toolName", "userName", "userEmail", "userPhone", "userAddress", "quantityAmount", "toolPrice", "paid"];
const EARLIER_FIELDS = ["shipped", "status", "createdAt", "releasesAt", "transactionId"];
const TIMELINE_FIELDS = ["paidAt", "shippedAt", "cancelledAt", "cardLast4"];
const ADMIN_FIELDS = ["refundedAt", "shippingCarrier", "trackingNumber"];
/** The checkout that placed the order with others; null for an order placed on its own. */
const CHECKOUT_FIELDS = ["checkoutId"];

const getOrder = (id: string, user = buyer) => api.request("GET", `/orders/${id}`, { token: user.token });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Asserts an ISO time within the window a call was made in (with a second's slack for the database's clock). */
function expectTimeWithin(value: unknown, before: number, after: number) {
  expect(value).toMatch(ISO);
  const at = Date.parse(value as string);
  expect(at).toBeGreaterThanOrEqual(before - 1000);
  expect(at).toBeLessThanOrEqual(after + 1000);
}

describe("an order's timeline", () => {
  it("when an order is placed, then it has the contract's fields (docs/product.md §4.3) as before, and no time paid, shipped or cancelled and no card", async () => {
    const toolId = await api.addTool({ name: "Spirit Level", unitPriceCents: 1999, minOrderQuantity: 3 });
    const placed = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 3) });
    expect(placed.status).toBe(201);
    const read = await getOrder(placed.body._id);
    expect(Object.keys(read.body).sort()).toEqual([...SPEC_FIELDS, ...EARLIER_FIELDS, ...TIMELINE_FIELDS, ...ADMIN_FIELDS, ...CHECKOUT_FIELDS].sort());
    expect(read.body).toEqual({
      _id: placed.body._id,
      toolId,
      toolName: "Spirit Level",
      userName: buyer.name,
      userEmail: buyer.email,
      userPhone: "+1 555 0100",
      userAddress: "12 Harbour Road, Springfield",
      quantityAmount: 3,
      toolPrice: 57,
      paid: false,
      shipped: false,
      status: "unpaid",
      createdAt: expect.stringMatching(ISO),
      releasesAt: expect.stringMatching(ISO),
      transactionId: null,
      paidAt: null,
      shippedAt: null,
      cancelledAt: null,
      refundedAt: null,
      shippingCarrier: null,
      trackingNumber: null,
      cardLast4: null,
      checkoutId: null,
    });
    // The placing answer, My Orders and Manage All Orders carry the same fields.
    expect(placed.body).toMatchObject({ paidAt: null, shippedAt: null, cancelledAt: null, cardLast4: null, acknowledged: true });
    const mine = await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token });
    expect(mine.body.find((o: { _id: string }) => o._id === placed.body._id)).toEqual(read.body);
    const all = await api.request("GET", "/allOrders", { token: admin.token });
    expect(all.body.find((o: { _id: string }) => o._id === placed.body._id)).toEqual(read.body);
  });

  it("when an order is paid and then shipped, then each step keeps its own time and the earlier ones stay", async () => {
    const id = await api.placeOrder(buyer, await api.addTool());
    const beforePaid = Date.now();
    await api.markPaid(id);
    const paid = (await getOrder(id)).body;
    expectTimeWithin(paid.paidAt, beforePaid, Date.now());
    expect(paid).toMatchObject({ status: "paid", paid: true, shippedAt: null, cancelledAt: null, releasesAt: null });

    const beforeShipped = Date.now();
    const shipped = await api.request("PATCH", `/orders/${id}/shipped`, { token: admin.token });
    expect(shipped.status).toBe(200);
    expectTimeWithin(shipped.body.shippedAt, beforeShipped, Date.now());
    expect(shipped.body).toMatchObject({ status: "shipped", paidAt: paid.paidAt, cancelledAt: null });
    expect((await getOrder(id)).body).toEqual(shipped.body);
    expect(Date.parse(shipped.body.shippedAt)).toBeGreaterThanOrEqual(Date.parse(paid.paidAt));
    expect(Date.parse(paid.paidAt)).toBeGreaterThanOrEqual(Date.parse(paid.createdAt));
  });

  it("when an order is shipped twice, then the second answer keeps the first time", async () => {
    const id = await api.placeOrder(buyer, await api.addTool());
    await api.markPaid(id);
    const first = await api.request("PATCH", `/orders/${id}/shipped`, { token: admin.token });
    const second = await api.request("PATCH", `/orders/${id}/shipped`, { token: admin.token });
    expect(second.body.shippedAt).toBe(first.body.shippedAt);
  });

  it("when a buyer cancels an order, then its replay by Idempotency-Key shows when it was cancelled", async () => {
    const toolId = await api.addTool();
    const headers = { "idempotency-key": randomUUID() };
    const placed = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2), headers });
    const beforeCancelled = Date.now();
    expect((await api.request("DELETE", `/orders/${placed.body._id}`, { token: buyer.token })).status).toBe(200);
    const replayed = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2), headers });
    expect(replayed.body).toMatchObject({ _id: placed.body._id, status: "cancelled", paidAt: null, shippedAt: null, cardLast4: null, releasesAt: null });
    expectTimeWithin(replayed.body.cancelledAt, beforeCancelled, Date.now());
  });

  it("when an unpaid order's hold runs out, then it is cancelled with the time it was released", async () => {
    const toolId = await api.addTool();
    const headers = { "idempotency-key": randomUUID() };
    const placed = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2), headers });
    await moveHoldEnd(api, [placed.body._id], -1);
    const beforeReleased = Date.now();
    expect(await releaseUnpaidOrders(api.stores)).toBeGreaterThanOrEqual(1);
    const replayed = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2), headers });
    expect(replayed.body).toMatchObject({ status: "cancelled", paidAt: null });
    expectTimeWithin(replayed.body.cancelledAt, beforeReleased, Date.now());
  });
});
