import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABOVE_AQ, BELOW_MOQ } from "../../src/modules/orders/orders.schemas.js";
import { signInWithPassword } from "../support/auth-emulator.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import { added, cartOf, quantities, removeLine, saveLine } from "./cart-helpers.js";

// Issue 23: a buyer's cart on the server, its lines against the tools as they are now.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const asAdmin = (method: string, path: string, body?: unknown) => api.request(method, path, { token: admin.token, body });

describe("adding, setting and removing lines", () => {
  it("when a buyer adds tools, then the cart lists them oldest first, each priced as an order of it would be, with the price seen", async () => {
    const buyer = await api.signUp();
    expect(await cartOf(api, buyer)).toEqual({ lines: [], count: 0, total: 0, message: null, ready: false });
    const wrench = await api.addTool({ name: "Torque Wrench", unitPriceCents: 25_99, minOrderQuantity: 2, stock: 100 });
    const saw = await api.addTool({ name: "Hand Saw", img: "/images/tools/saw.svg", unitPriceCents: 12_50, minOrderQuantity: 1, stock: 5 });

    await added(api, buyer, wrench, 3);
    const cart = await added(api, buyer, saw, 2);
    expect(cart).toEqual({
      lines: [
        { toolId: wrench, toolName: "Torque Wrench", img: "/images/tools/torque-wrench.svg", unitPrice: 25.99, seenPrice: 25.99, quantity: 3, lineTotal: 75, moq: 2, aq: 100, problem: null, message: null },
        { toolId: saw, toolName: "Hand Saw", img: "/images/tools/saw.svg", unitPrice: 12.5, seenPrice: 12.5, quantity: 2, lineTotal: 24, moq: 1, aq: 5, problem: null, message: null },
      ],
      count: 2,
      total: 99,
      message: null,
      ready: true,
    });
    expect(await cartOf(api, buyer)).toEqual(cart);
  });

  it("when a buyer sets a line's quantity, then the line keeps its place and only its quantity changes", async () => {
    const buyer = await api.signUp();
    const [first, second] = [await api.addTool(), await api.addTool()];
    await added(api, buyer, first, 2);
    await added(api, buyer, second, 2);
    const cart = await added(api, buyer, first, 9);
    expect(quantities(cart)).toEqual([
      [first, 9],
      [second, 2],
    ]);
  });

  it("when a buyer removes a line, then the cart is what is left; removing a tool it does not hold answers the cart as it is", async () => {
    const buyer = await api.signUp();
    const [first, second] = [await api.addTool(), await api.addTool()];
    await added(api, buyer, first, 2);
    await added(api, buyer, second, 3);
    const removed = await removeLine(api, buyer, first);
    expect(removed.status).toBe(200);
    expect(quantities(removed.body)).toEqual([[second, 3]]);
    for (const toolId of [first, randomUUID(), "not-a-tool"]) {
      const again = await removeLine(api, buyer, toolId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(removed.body);
    }
  });
});

describe("refusals", () => {
  it("when the tool is not listed, the quantity is below the minimum or above what is left, then the answer says why and nothing changes", async () => {
    const buyer = await api.signUp();
    const kept = await api.addTool();
    const toolId = await api.addTool({ minOrderQuantity: 3, stock: 10 });
    const gone = await api.addTool();
    expect((await asAdmin("DELETE", `/tools/${gone}`)).status).toBe(200);
    await added(api, buyer, kept, 2);
    await added(api, buyer, toolId, 4);
    const before = await cartOf(api, buyer);

    for (const missing of [gone, randomUUID(), "not-a-tool"]) {
      const response = await saveLine(api, buyer, missing, 3);
      expectProblem(response, 404);
      expect(response.body).toMatchObject({ code: "not_found", detail: "Tool was not found." });
    }
    const below = await saveLine(api, buyer, toolId, 2);
    expectProblem(below, 422);
    expect(below.body).toMatchObject({ code: "below_moq", detail: "Please order more than minimum order quantity" });
    expect(below.body.detail).toBe(BELOW_MOQ);
    const above = await saveLine(api, buyer, toolId, 11);
    expectProblem(above, 422);
    expect(above.body).toMatchObject({ code: "above_aq", detail: "Please give order below available unit" });
    expect(above.body.detail).toBe(ABOVE_AQ);

    expect(await cartOf(api, buyer)).toEqual(before);
  });

  it("when the body is not a whole quantity from 1, or has other fields, then the answer is 400 and nothing changes", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1 });
    await added(api, buyer, toolId, 2);
    const before = await cartOf(api, buyer);
    for (const body of [{}, { quantity: 0 }, { quantity: -1 }, { quantity: 1.5 }, { quantity: "2" }, { quantity: 1_000_001 }, { quantity: 2, price: 1 }]) {
      expectValidationProblem(await api.request("PUT", `/cart/lines/${toolId}`, { token: buyer.token, body }));
    }
    expect(await cartOf(api, buyer)).toEqual(before);
  });

  it("when a cart holds 50 lines, then a 51st tool is refused with 409 cart_full and nothing changes, while its lines can still be set", async () => {
    const buyer = await api.signUp();
    const tools: string[] = [];
    for (let i = 0; i < 51; i += 1) tools.push(await api.addTool({ name: `Bin ${i}`, minOrderQuantity: 1 }));
    for (const toolId of tools.slice(0, 50)) await added(api, buyer, toolId, 1);
    const full = await cartOf(api, buyer);
    expect(full.count).toBe(50);

    const refused = await saveLine(api, buyer, tools[50]!, 1);
    expectProblem(refused, 409);
    expect(refused.body).toMatchObject({ code: "cart_full", detail: "A cart holds at most 50 lines." });
    expect(await cartOf(api, buyer)).toEqual(full);

    const set = await added(api, buyer, tools[0]!, 4);
    expect(set.count).toBe(50);
    expect(set.lines[0]).toMatchObject({ toolId: tools[0], quantity: 4 });
  });
});

describe("lines against the tools as they are now", () => {
  it("when an admin changes a tool's price, then its line is repriced until the buyer saves it again, which accepts the new price", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ unitPriceCents: 25_99, minOrderQuantity: 1 });
    await added(api, buyer, toolId, 2);
    expect((await asAdmin("PATCH", `/tools/${toolId}`, { price: 31.5 })).status).toBe(200);

    const repriced = await cartOf(api, buyer);
    expect(repriced.lines[0]).toMatchObject({
      unitPrice: 31.5,
      seenPrice: 25.99,
      lineTotal: 62,
      problem: "repriced",
      message: "The price changed from $25.99 to $31.50 since you added it.",
    });
    expect(repriced.ready).toBe(false);

    const accepted = await added(api, buyer, toolId, 2);
    expect(accepted.lines[0]).toMatchObject({ unitPrice: 31.5, seenPrice: 31.5, problem: null, message: null });
    expect(accepted.ready).toBe(true);
  });

  it("when an admin removes a tool, then its line is removed, under the name it had, and only Remove helps", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ name: "Old Chisel", unitPriceCents: 8_00, minOrderQuantity: 1 });
    const other = await api.addTool({ minOrderQuantity: 1 });
    await added(api, buyer, toolId, 3);
    await added(api, buyer, other, 1);
    expect((await asAdmin("DELETE", `/tools/${toolId}`)).status).toBe(200);

    const cart = await cartOf(api, buyer);
    expect(cart.lines[0]).toEqual({
      toolId,
      toolName: "Old Chisel",
      img: "",
      unitPrice: 8,
      seenPrice: 8,
      quantity: 3,
      lineTotal: 24,
      moq: 0,
      aq: 0,
      problem: "removed",
      message: "This tool is no longer sold.",
    });
    expect(cart.ready).toBe(false);
    expectProblem(await saveLine(api, buyer, toolId, 3), 404);
    const left = (await removeLine(api, buyer, toolId)).body;
    expect(quantities(left)).toEqual([[other, 1]]);
    expect(left.ready).toBe(true);
  });

  it("when the stock falls below the minimum order, then the line is sold out; above what is left, it is above_aq", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10 });
    await added(api, buyer, toolId, 6);
    // A correction takes units off the shelf.
    const correct = (quantity: number) => asAdmin("POST", `/tools/${toolId}/stock-movements`, { kind: "correction", quantity, reason: "Counted" });

    expect((await correct(5)).status).toBe(201);
    expect((await cartOf(api, buyer)).lines[0]).toMatchObject({ aq: 5, problem: "above_aq", message: ABOVE_AQ });

    expect((await correct(4)).status).toBe(201);
    expect((await cartOf(api, buyer)).lines[0]).toMatchObject({ aq: 1, moq: 2, problem: "sold_out", message: "Sold out: fewer units are left than the minimum order." });
  });

  it("when a line's order would come to less than a card can be charged, then the cart is not ready and says so, as the checkout would refuse it", async () => {
    const buyer = await api.signUp();
    const washer = await api.addTool({ name: "Washer", unitPriceCents: 99, minOrderQuantity: 1, stock: 100 });
    const cart = await added(api, buyer, washer, 10);
    expect(cart.lines[0]).toMatchObject({ lineTotal: 0, problem: "total_too_small", message: expect.stringContaining("at least $0.50") });
    expect(cart.ready).toBe(false);
    const refused = await api.request("POST", "/checkouts", {
      token: buyer.token,
      body: { userPhone: "+1 555 0100", userAddress: "1 Main Street", lines: [{ toolId: washer, quantityAmount: 10, toolPrice: 0.99 }] },
    });
    expectProblem(refused, 409);
    expect(refused.body.lines).toEqual([expect.objectContaining({ toolId: washer, code: "order_total_too_small" })]);
  });

  it("when another buyer's order takes the units, then the line shows what is left", async () => {
    const [buyer, other] = [await api.signUp(), await api.signUp("other")];
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10 });
    await added(api, buyer, toolId, 8);
    await api.placeOrder(other, toolId, 5);
    expect((await cartOf(api, buyer)).lines[0]).toMatchObject({ quantity: 8, aq: 5, problem: "above_aq" });
  });
});

describe("whose cart", () => {
  it("when two buyers have carts, then each sees only their own", async () => {
    const [ann, bob] = [await api.signUp("ann"), await api.signUp("bob")];
    const [hammer, saw] = [await api.addTool({ minOrderQuantity: 1 }), await api.addTool({ minOrderQuantity: 1 })];
    await added(api, ann, hammer, 2);
    await added(api, bob, saw, 5);
    expect(quantities(await cartOf(api, ann))).toEqual([[hammer, 2]]);
    expect(quantities(await cartOf(api, bob))).toEqual([[saw, 5]]);
    // Bob removing Ann's tool takes nothing from Ann's cart.
    await removeLine(api, bob, hammer);
    expect(quantities(await cartOf(api, ann))).toEqual([[hammer, 2]]);
  });

  it("when a buyer signs in again, elsewhere, then the new token sees the same cart", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ minOrderQuantity: 1 });
    const cart = await added(api, buyer, toolId, 3);
    const idToken = await signInWithPassword(buyer.email, buyer.account.password);
    const exchange = await api.request("PUT", `/user/${encodeURIComponent(buyer.email)}`, { token: idToken, body: { email: buyer.email } });
    expect(exchange.status).toBe(200);
    const elsewhere: SignedInUser = { ...buyer, token: exchange.body.token };
    expect(await cartOf(api, elsewhere)).toEqual(cart);
  });

  it("when a visitor calls the cart's calls, then they are asked to sign in", async () => {
    const toolId = await api.addTool();
    expectProblem(await api.request("GET", "/cart"), 401);
    expectProblem(await api.request("PUT", `/cart/lines/${toolId}`, { body: { quantity: 2 } }), 401);
    expectProblem(await api.request("DELETE", `/cart/lines/${toolId}`), 401);
    expectProblem(await api.request("POST", "/cart/merge", { body: { lines: [] } }), 401);
  });

  it("when an admin removes a buyer, then the buyer's cart goes with the account", async () => {
    const buyer = await api.signUp();
    await added(api, buyer, await api.addTool({ minOrderQuantity: 1 }), 2);
    expect(await api.stores.cart.lines(buyer.id)).toHaveLength(1);
    expect((await asAdmin("DELETE", `/users/${buyer.id}`)).status).toBe(200);
    expect(await api.stores.cart.lines(buyer.id)).toEqual([]);
    expectProblem(await api.request("GET", "/cart", { token: buyer.token }), 401);
  });
});
