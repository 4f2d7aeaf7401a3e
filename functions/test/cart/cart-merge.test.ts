import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Cart } from "../../src/modules/cart/cart.schemas.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import { added, cartOf, merge, preview, quantities } from "./cart-helpers.js";

// Issue 23: a visitor's browser cart, shown before sign-in and joined to the account's at sign-in.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

describe("merging the browser's lines at sign-in", () => {
  it("when a tool is in both, then the larger quantity wins; the account's lines come first, then the browser's, and unlisted tools are dropped", async () => {
    const buyer = await api.signUp();
    const [kept, raised, lowered, fresh] = [await api.addTool({ name: "Kept" }), await api.addTool({ name: "Raised" }), await api.addTool(), await api.addTool({ name: "Fresh" })];
    const gone = await api.addTool();
    expect((await api.request("DELETE", `/tools/${gone}`, { token: admin.token })).status).toBe(200);
    await added(api, buyer, kept, 2);
    await added(api, buyer, raised, 2);
    await added(api, buyer, lowered, 5);

    const response = await merge(api, buyer, [
      { toolId: fresh, quantity: 3, seenPrice: 25.99 },
      { toolId: gone, quantity: 2 },
      { toolId: randomUUID(), quantity: 2 },
      { toolId: "not-a-tool", quantity: 2 },
      { toolId: raised, quantity: 7 },
      { toolId: lowered, quantity: 2 },
    ]);
    expect(response.status).toBe(200);
    expect(quantities(response.body)).toEqual([
      [kept, 2],
      [raised, 7],
      [lowered, 5],
      [fresh, 3],
    ]);
    expect((response.body as Cart).lines.every((line) => line.problem === null)).toBe(true);
    expect(await cartOf(api, buyer)).toEqual(response.body);
  });

  it("when the same browser cart is merged twice, then the second time changes nothing", async () => {
    const buyer = await api.signUp();
    const [held, given] = [await api.addTool(), await api.addTool()];
    await added(api, buyer, held, 2);
    const lines = [
      { toolId: given, quantity: 4 },
      { toolId: held, quantity: 3 },
    ];
    const first = await merge(api, buyer, lines);
    const second = await merge(api, buyer, lines);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(quantities(second.body)).toEqual([
      [held, 3],
      [given, 4],
    ]);
  });

  it("when the browser saw an older price, then its new line is repriced; a line without one is taken at the price of now", async () => {
    const buyer = await api.signUp();
    const [seenOld, unseen] = [await api.addTool({ unitPriceCents: 30_00 }), await api.addTool({ unitPriceCents: 12_00 })];
    const cart = (
      await merge(api, buyer, [
        { toolId: seenOld, quantity: 2, seenPrice: 25 },
        { toolId: unseen, quantity: 2 },
      ])
    ).body;
    expect(cart.lines[0]).toMatchObject({ seenPrice: 25, unitPrice: 30, problem: "repriced", message: "The price changed from $25.00 to $30.00 since you added it." });
    expect(cart.lines[1]).toMatchObject({ seenPrice: 12, unitPrice: 12, problem: null });
  });

  it("when the browser names one tool twice, then it is one line with the larger quantity", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool();
    const cart = (
      await merge(api, buyer, [
        { toolId, quantity: 2 },
        { toolId, quantity: 6 },
      ])
    ).body;
    expect(quantities(cart)).toEqual([[toolId, 6]]);
  });

  it("when the account's cart and the browser's hold more than 50 tools together, then the browser's are added until 50", async () => {
    const buyer = await api.signUp();
    const tools: string[] = [];
    for (let i = 0; i < 52; i += 1) tools.push(await api.addTool({ name: `Crate ${i}`, minOrderQuantity: 1 }));
    for (const toolId of tools.slice(0, 48)) await added(api, buyer, toolId, 1);
    const cart = (await merge(api, buyer, tools.slice(46).map((toolId) => ({ toolId, quantity: 2 })))).body;
    expect(cart.count).toBe(50);
    expect(quantities(cart).slice(46)).toEqual([
      [tools[46], 2],
      [tools[47], 2],
      [tools[48], 2],
      [tools[49], 2],
    ]);
  });

  it("when the body is not lines of whole quantities, or has more than 50, then the answer is 400 and nothing changes", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool();
    await added(api, buyer, toolId, 2);
    const before = await cartOf(api, buyer);
    const many = Array.from({ length: 51 }, () => ({ toolId, quantity: 2 }));
    for (const lines of [undefined, "lines", [{ toolId, quantity: 0 }], [{ toolId, quantity: 2, seenPrice: -1 }], [{ toolId: "", quantity: 2 }], [{ toolId, quantity: 2, name: "x" }], many]) {
      expectValidationProblem(await merge(api, buyer, lines));
    }
    expect(await cartOf(api, buyer)).toEqual(before);
  });
});

describe("a visitor's cart preview", () => {
  it("when a visitor previews their browser's lines, then each is shown against its tool as it is now, with its problem, and nothing is kept", async () => {
    const fine = await api.addTool({ name: "Fine", unitPriceCents: 10_00, minOrderQuantity: 2, stock: 10 });
    const repriced = await api.addTool({ unitPriceCents: 20_00, minOrderQuantity: 1 });
    const soldOut = await api.addTool({ minOrderQuantity: 5, stock: 3 });
    const low = await api.addTool({ minOrderQuantity: 4, stock: 100 });
    const gone = await api.addTool();
    expect((await api.request("DELETE", `/tools/${gone}`, { token: admin.token })).status).toBe(200);

    const response = await preview(api, [
      { toolId: fine, quantity: 3, seenPrice: 10 },
      { toolId: repriced, quantity: 1, seenPrice: 15 },
      { toolId: soldOut, quantity: 5 },
      { toolId: low, quantity: 1 },
      { toolId: gone, quantity: 2, seenPrice: 4.5 },
    ]);
    expect(response.status).toBe(200);
    expect((response.body as Cart).lines.map((line) => [line.toolId, line.problem])).toEqual([
      [fine, null],
      [repriced, "repriced"],
      [soldOut, "sold_out"],
      [low, "below_moq"],
      [gone, "removed"],
    ]);
    expect(response.body.lines[0]).toMatchObject({ toolName: "Fine", unitPrice: 10, seenPrice: 10, lineTotal: 30 });
    expect(response.body.lines[4]).toMatchObject({ toolName: "", unitPrice: 4.5, seenPrice: 4.5, message: "This tool is no longer sold." });
    expect(response.body).toMatchObject({ count: 5, ready: false });

    const alone = (await preview(api, [{ toolId: fine, quantity: 3 }])).body;
    expect(alone).toMatchObject({ count: 1, total: 30, ready: true });
  });

  it("when a signed-in buyer previews lines, then their own cart is left as it is", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool();
    const before = await cartOf(api, buyer);
    const response = await api.request("POST", "/cart/preview", { token: buyer.token, body: { lines: [{ toolId, quantity: 2 }] } });
    expect(response.status).toBe(200);
    expect(await cartOf(api, buyer)).toEqual(before);
  });

  it("when a preview is empty, then the cart is empty and not ready; a bad body is 400", async () => {
    expect((await preview(api, [])).body).toEqual({ lines: [], count: 0, total: 0, message: null, ready: false });
    expectValidationProblem(await preview(api, [{ toolId: "x", quantity: 1.5 }]));
    expectProblem(await api.request("POST", "/cart/preview", { body: {} }), 400);
  });
});
