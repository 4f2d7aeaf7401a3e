import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestApi } from "../support/test-app.js";

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

describe("smoke", () => {
  it("when a buyer signs in and orders, then stock goes down", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool();
    const placed = await api.request("POST", "/orders", { token: buyer.token, body: { toolId, quantityAmount: 3, userPhone: "555 0100", userAddress: "x" } });
    expect(placed.status).toBe(201);
    const tool = await api.request("GET", `/tools/${toolId}`);
    expect(tool.body.aq).toBe(97);
  });
});
