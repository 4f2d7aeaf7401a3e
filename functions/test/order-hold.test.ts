import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema.js";
import { releaseUnpaidOrders } from "../src/jobs/release-unpaid-orders.js";
import { orderBody, type SignedInUser, TestApi } from "./test-app.js";

let api: TestApi;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  buyer = await api.signUp();
});
afterAll(() => api.stop());

async function placeOrder(toolId: string, quantity: number, hoursAgo: number): Promise<string> {
  const response = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, quantity) });
  expect(response.status).toBe(201);
  await api.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(hours => ${hoursAgo})` })
    .where(eq(orders.id, response.body._id));
  return response.body._id;
}

const stockOf = async (toolId: string) => (await api.request("GET", `/tools/${toolId}`)).body.aq as number;

/** The job runs apart from the API, as another instance would; the API's catalog shows its writes within a second. */
const catalogCatchesUp = () => new Promise((resolve) => setTimeout(resolve, 1000));

describe("unpaid orders past the hold", () => {
  it("when an unpaid order is older than the hold, then it is cancelled and its units go back; newer and paid ones stay", async () => {
    const toolId = await api.addTool({ moq: 1, aq: 100 });
    const stale = await placeOrder(toolId, 7, 49);
    const fresh = await placeOrder(toolId, 5, 47);
    const paid = await placeOrder(toolId, 3, 72);
    await api.markPaid(paid);
    expect(await stockOf(toolId)).toBe(85);

    expect(await releaseUnpaidOrders(api.database.db, 48)).toBe(1);

    await catalogCatchesUp();
    expect(await stockOf(toolId)).toBe(92);
    expect((await api.request("GET", `/orders/${stale}`, { token: buyer.token })).status).toBe(404);
    expect((await api.request("GET", `/orders/${fresh}`, { token: buyer.token })).status).toBe(200);
    expect((await api.request("GET", `/orders/${paid}`, { token: buyer.token })).body.paid).toBe(true);
  });

  it("when the release runs twice, or alongside itself, then each order's units come back once", async () => {
    const toolId = await api.addTool({ moq: 1, aq: 1000 });
    for (let i = 0; i < 12; i++) await placeOrder(toolId, 10, 50);
    expect(await stockOf(toolId)).toBe(880);

    const released = await Promise.all([releaseUnpaidOrders(api.database.db, 48), releaseUnpaidOrders(api.database.db, 48)]);
    expect(released[0]! + released[1]!).toBe(12);
    expect(await releaseUnpaidOrders(api.database.db, 48)).toBe(0);
    await catalogCatchesUp();
    expect(await stockOf(toolId)).toBe(1000);
  });
});
