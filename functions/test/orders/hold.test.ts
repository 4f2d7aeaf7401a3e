import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

let api: TestApi;
let buyer: SignedInUser;

beforeAll(async () => {
  // The deployed hold of 60 minutes.
  api = await TestApi.start();
  buyer = await api.signUp();
});
afterAll(() => api.stop());

/** Places an order, then moves its release time by `minutesFromNow` (negative: its hold is over). */
async function placeOrder(toolId: string, quantity: number, minutesFromNow: number): Promise<string> {
  const response = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, quantity) });
  expect(response.status).toBe(201);
  await moveHoldEnd(api, [response.body._id], minutesFromNow);
  return response.body._id;
}

const stockOf = async (toolId: string) => (await api.request("GET", `/tools/${toolId}`)).body.aq as number;
const orderOf = async (id: string) => (await api.request("GET", `/orders/${id}`, { token: buyer.token })).body;

/** The job runs apart from the API, as another instance would; the API's catalog shows its writes within a second. */
const catalogCatchesUp = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe("the time an unpaid order holds its units", () => {
  it("when an order is placed, then it is released 60 minutes after placement, and the order says when", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 10 });
    const response = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) });
    expect(response.status).toBe(201);
    const { createdAt, releasesAt } = response.body as { createdAt: string; releasesAt: string };
    expect(Date.parse(releasesAt) - Date.parse(createdAt)).toBe(60 * 60_000);

    const listed = (await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token })).body;
    expect(listed.find((o: { _id: string }) => o._id === response.body._id).releasesAt).toBe(releasesAt);
    expect((await orderOf(response.body._id)).releasesAt).toBe(releasesAt);
  });

  it("when an order is paid, then it has no release time any more", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool({ minOrderQuantity: 1, stock: 10 }), 1);
    await api.markPaid(orderId);
    expect((await orderOf(orderId)).releasesAt).toBeNull();
  });

  it("when the hold is set shorter (ORDER_HOLD_MINUTES), then an order placed under it is released once that time has passed", async () => {
    const shortHold = await TestApi.start({ orderRules: { holdMinutes: 0.02 } });
    try {
      const someone = await shortHold.signUp();
      const toolId = await shortHold.addTool({ minOrderQuantity: 1, stock: 10 });
      const orderId = await shortHold.placeOrder(someone, toolId, 4);
      expect(await releaseUnpaidOrders(shortHold.stores)).toBe(0);

      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await releaseUnpaidOrders(shortHold.stores)).toBe(1);
      expect((await shortHold.request("GET", `/orders/${orderId}`, { token: someone.token })).status).toBe(404);
    } finally {
      await shortHold.stop();
    }
  });
});

describe("unpaid orders past the hold", () => {
  it("when an unpaid order's hold is over, then it is cancelled and its units go back; held and paid ones stay", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    const stale = await placeOrder(toolId, 7, -1);
    const fresh = await placeOrder(toolId, 5, 1);
    const paid = await placeOrder(toolId, 3, -30);
    await api.markPaid(paid);
    expect(await stockOf(toolId)).toBe(85);

    expect(await releaseUnpaidOrders(api.stores)).toBe(1);

    await catalogCatchesUp();
    expect(await stockOf(toolId)).toBe(92);
    expect((await api.request("GET", `/orders/${stale}`, { token: buyer.token })).status).toBe(404);
    expect((await api.request("GET", `/orders/${fresh}`, { token: buyer.token })).status).toBe(200);
    expect((await orderOf(paid)).paid).toBe(true);
  });

  it("when the release runs while the buyer of a lapsed order orders its tool again, then neither waits for the other", async () => {
    for (let round = 0; round < 3; round++) {
      const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
      await placeOrder(toolId, 1, -1);
      const started = Date.now();
      const [released, again] = await Promise.all([releaseUnpaidOrders(api.stores), api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 1) })]);
      expect(released).toBe(1);
      // Placed before the release committed, or refused as the lapsed order's cool-down.
      expect([201, 409]).toContain(again.status);
      // Two changes that take the tool and the buyer in opposite orders wait out each other's locks for seconds.
      expect(Date.now() - started).toBeLessThan(2_000);
      if (again.status === 201) await moveHoldEnd(api, [again.body._id], 1);
    }
  });

  it("when more orders lapsed than one batch of the release takes, then one run releases them all", async () => {
    const many = await TestApi.start();
    try {
      const someone = await many.signUp();
      const toolIds = await Promise.all([1, 2, 3].map(() => many.addTool({ minOrderQuantity: 1, stock: 100 })));
      const placed = await Promise.all(
        Array.from({ length: 240 }, (_, i) => many.request("POST", "/orders", { token: someone.token, body: orderBody(toolIds[i % 3]!, 1) })),
      );
      expect(placed.map((response) => response.status).filter((status) => status !== 201)).toEqual([]);
      await moveHoldEnd(many, placed.map((response) => response.body._id as string), -1);

      expect(await releaseUnpaidOrders(many.stores)).toBe(240);
      expect(await releaseUnpaidOrders(many.stores)).toBe(0);
      await catalogCatchesUp();
      for (const toolId of toolIds) expect((await many.request("GET", `/tools/${toolId}`)).body.aq).toBe(100);
    } finally {
      await many.stop();
    }
  });

  it("when the release runs twice, or alongside itself, over several tools, then each order's units come back once", async () => {
    const toolIds = await Promise.all([api.addTool({ minOrderQuantity: 1, stock: 1000 }), api.addTool({ minOrderQuantity: 1, stock: 1000 }), api.addTool({ minOrderQuantity: 1, stock: 1000 })]);
    for (let i = 0; i < 12; i++) await placeOrder(toolIds[i % 3]!, 10, -5);
    expect(await Promise.all(toolIds.map(stockOf))).toEqual([960, 960, 960]);

    const released = await Promise.all([releaseUnpaidOrders(api.stores), releaseUnpaidOrders(api.stores)]);
    expect(released[0]! + released[1]!).toBe(12);
    expect(await releaseUnpaidOrders(api.stores)).toBe(0);
    await catalogCatchesUp();
    expect(await Promise.all(toolIds.map(stockOf))).toEqual([1000, 1000, 1000]);
  });
});
