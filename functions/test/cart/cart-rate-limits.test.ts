import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { awayFromWindowEdge } from "../support/inspect/security.js";
import { expectProblem } from "../support/problems.js";
import { TestApi } from "../support/test-app.js";
import { cartOf, merge, preview, quantities, removeLine, saveLine } from "./cart-helpers.js";

// RATE_LIMIT_CART_PER_MINUTE, far below its default so a few requests reach it: each of the cart's
// writes per user, the preview per client IP.

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ rateLimits: { cart: 3 } });
});
afterAll(() => api?.stop());
beforeEach(() => awayFromWindowEdge(api));

describe("the cart's rate limit", () => {
  it("when a buyer has saved 3 lines in a minute, then the 4th is refused with 429 and not kept, while another buyer still saves and reading is not limited", async () => {
    const [buyer, other] = [await api.signUp(), await api.signUp("other")];
    const tools = [await api.addTool(), await api.addTool(), await api.addTool(), await api.addTool()];
    for (const toolId of tools.slice(0, 3)) expect((await saveLine(api, buyer, toolId, 2)).status).toBe(200);
    const refused = await saveLine(api, buyer, tools[3]!, 2);
    expectProblem(refused, 429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 4; i += 1) expect(quantities(await cartOf(api, buyer))).toHaveLength(3);
    expect((await saveLine(api, other, tools[3]!, 2)).status).toBe(200);
    // Each write has its own budget.
    expect((await removeLine(api, buyer, tools[0]!)).status).toBe(200);
    expect((await merge(api, buyer, [])).status).toBe(200);
  });

  it("when one IP has previewed 3 carts in a minute, then the 4th is refused with 429", async () => {
    const toolId = await api.addTool();
    for (let i = 0; i < 3; i += 1) expect((await preview(api, [{ toolId, quantity: 2 }])).status).toBe(200);
    expectProblem(await preview(api, [{ toolId, quantity: 2 }]), 429);
  });
});
