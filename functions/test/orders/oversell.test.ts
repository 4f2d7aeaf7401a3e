import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatuses } from "../../src/modules/orders/orders.store.js";
import { unitsOrdered } from "../support/inspect/orders.js";
import { orderBody, TestApi } from "../support/test-app.js";
import { crowdOfBuyers } from "../support/crowd.js";

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

const buyers = (count: number) => crowdOfBuyers(api, count, "crowd");

describe("a crowd against little stock", () => {
  it("when 1,000 buyers order 1 unit each at once against 100 units, then exactly 100 are sold, none fails with 5xx, and stock accounts for every unit", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    const tokens = await buyers(1000);

    const answers = await Promise.all(tokens.map((token) => api.request("POST", "/orders", { token, body: orderBody(toolId, 1) })));

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 422)).toHaveLength(900);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const aq = (await api.stores.tools.findListed(toolId))!.stock;
    const sold = await unitsOrdered(api, toolId, orderStatuses.filter((status) => status !== "cancelled"));
    expect({ aq, sold }).toEqual({ aq: 0, sold: 100 });
  });
});
