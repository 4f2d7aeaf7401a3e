import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";
import { toolAccounts } from "./ledger-check.js";
import { crowdOfBuyers } from "../support/crowd.js";

// Issue 13, point 1: a movement racing with orders never oversells and never loses a unit, on every
// store.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const buyers = (count: number) => crowdOfBuyers(api, count, "racer");

async function place(token: string, toolId: string, quantity: number): Promise<string> {
  const response = await api.request("POST", "/orders", { token, body: orderBody(toolId, quantity) });
  expect(response.status).toBe(201);
  return response.body._id;
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("stock movements racing orders", () => {
  it("when orders, cancellations, releases, restocks and corrections all hit one tool at once, then nothing is oversold, aq never goes below 0, and the ledger accounts for every unit", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 60 });
    // 25 who placed orders beforehand, and a crowd of 200 (those 25 may not order the tool again
    // right after cancelling or letting their orders lapse).
    const tokens = await buyers(225);

    // Orders placed beforehand: some to be cancelled by their buyers during the race, some whose
    // hold is over, released by the job during the race.
    const toCancel = await Promise.all(tokens.slice(0, 15).map(async (token) => ({ token, id: await place(token, toolId, 2) })));
    const toRelease = await Promise.all(tokens.slice(15, 25).map((token) => place(token, toolId, 1)));
    await moveHoldEnd(api, toRelease, -1);
    // 60 - 30 - 10 leaves 20 on the shelf.

    const stockSeen: number[] = [];
    const watch = async () => {
      for (let i = 0; i < 20; i++) {
        stockSeen.push((await api.stores.tools.findListed(toolId))!.stock);
      }
    };
    const orderCalls = tokens.slice(25).map((token) => api.request("POST", "/orders", { token, body: orderBody(toolId, 1) }));
    const restocks = Array.from({ length: 25 }, (_, i) =>
      api.request("POST", `/tools/${toolId}/stock-movements`, { token: admin.token, body: { kind: "restock", quantity: 2, reason: `Crate ${i}` } }),
    );
    const corrections = Array.from({ length: 25 }, () =>
      api.request("POST", `/tools/${toolId}/stock-movements`, { token: admin.token, body: { kind: "correction", quantity: 3, reason: "Damaged in the warehouse" } }),
    );
    const cancellations = toCancel.map(({ token, id }) => api.request("DELETE", `/orders/${id}`, { token }));

    const [placed, restocked, corrected, cancelled, released] = await Promise.all([
      Promise.all(orderCalls),
      Promise.all(restocks),
      Promise.all(corrections),
      Promise.all(cancellations),
      Promise.all([releaseUnpaidOrders(api.stores), releaseUnpaidOrders(api.stores)]),
      watch(),
    ]);

    const orderStatuses = placed.map((r) => r.status);
    const correctionStatuses = corrected.map((r) => r.status);
    // Every call was answered for what it was: taken, refused for want of stock, or made.
    expect(orderStatuses.filter((s) => s !== 201 && s !== 422)).toEqual([]);
    expect(restocked.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    expect(correctionStatuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(cancelled.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(released[0] + released[1]).toBe(10);
    expect(stockSeen.filter((aq) => aq < 0)).toEqual([]);

    const sold = count(orderStatuses, 201);
    const restockedUnits = 25 * 2;
    const correctedUnits = 3 * count(correctionStatuses, 201);
    const [account] = await toolAccounts(api, [toolId]);
    // The ledger: what the tool was created with, plus each restock, less each correction made.
    expect(account!.ledger).toBe(60 + restockedUnits - correctedUnits);
    // Live orders: only those taken in the race (the cancelled and released ones gave theirs back).
    expect(account!.held).toBe(sold);
    expect(account!.aq).toBeGreaterThanOrEqual(0);
    expect(account!.aq + account!.held).toBe(account!.ledger);
    // The crowd asked for more than there could ever be (at most 20 + 30 + 10 + 50 units), so the
    // race was over scarce stock, and still no unit was sold twice.
    expect(count(orderStatuses, 422)).toBeGreaterThanOrEqual(200 - 110);
    expect(sold).toBeLessThanOrEqual(20 + 30 + 10 + restockedUnits - correctedUnits);

    const ledger = (await api.request("GET", `/tools/${toolId}/stock-movements`, { token: admin.token })).body;
    expect(ledger.movements).toHaveLength(1 + 25 + count(correctionStatuses, 201));
  });
});
