import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../support/problems.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

const BELOW_MOQ = "Please order more than minimum order quantity";
const ABOVE_AQ = "Please give order below available unit";

let api: TestApi;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, otherBuyer, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const stockOf = async (toolId: string): Promise<number> => (await api.request("GET", `/tools/${toolId}`)).body.aq;
const order = (user: SignedInUser, body: unknown, headers?: Record<string, string>) =>
  api.request("POST", "/orders", { token: user.token, body, headers });
const ordersOf = async (user: SignedInUser) =>
  (await api.request("GET", `/orders?userEmail=${encodeURIComponent(user.email)}`, { token: user.token })).body as { _id: string }[];
const allOrders = async () => (await api.request("GET", "/allOrders", { token: admin.token })).body as { _id: string; toolId: string }[];

describe("placing an order", () => {
  it("when the quantity is below the minimum order quantity, then it is refused with the message of docs/product.md §6.2 and stock stays", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 5, stock: 100 });
    const response = await order(buyer, orderBody(toolId, 4));
    expectProblem(response, 422);
    expect(response.body.detail).toBe(BELOW_MOQ);
    expect(await stockOf(toolId)).toBe(100);
  });

  it("when the quantity is above the available units, then it is refused with the message of docs/product.md §6.2 and stock stays", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 5, stock: 20 });
    const response = await order(buyer, orderBody(toolId, 21));
    expectProblem(response, 422);
    expect(response.body.detail).toBe(ABOVE_AQ);
    expect(await stockOf(toolId)).toBe(20);
  });

  it("when the quantity is exactly the minimum or exactly what is left, then both orders go through and stock reaches 0", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 5, stock: 12 });
    expect((await order(buyer, orderBody(toolId, 5))).status).toBe(201);
    expect((await order(buyer, orderBody(toolId, 7))).status).toBe(201);
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when a buyer orders, then the units are taken out of stock", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    expect((await order(buyer, orderBody(toolId, 3))).status).toBe(201);
    expect(await stockOf(toolId)).toBe(97);
  });

  it("when the body carries its own total, names and email, then the server ignores them and uses the token and the catalog", async () => {
    const toolId = await api.addTool({ name: "Torque Wrench", unitPriceCents: 2599, minOrderQuantity: 2, stock: 100 });
    const forged = { ...orderBody(toolId, 3), toolPrice: 1, userEmail: otherBuyer.email, userName: "Mallory", toolName: "Free Wrench" };
    const response = await order(buyer, forged);
    expect(response.status).toBe(201);
    // The total of docs/product.md §4.3: the quantity times the integer part of the price, 3 x 25.
    const expected = { toolId, toolName: "Torque Wrench", userEmail: buyer.email, userName: buyer.name, quantityAmount: 3, toolPrice: 75, paid: false };
    expect(response.body).toMatchObject(expected);
    const stored = await api.request("GET", `/orders/${response.body._id}`, { token: buyer.token });
    expect(stored.body).toMatchObject({ ...expected, userPhone: "+1 555 0100", userAddress: "12 Harbour Road, Springfield", status: "unpaid" });
    expect((await ordersOf(buyer)).map((o) => o._id)).toContain(response.body._id);
    expect((await ordersOf(otherBuyer)).map((o) => o._id)).not.toContain(response.body._id);
  });

  it("when the price has cents, then the total drops them per unit as docs/product.md §4.3 says", async () => {
    const toolId = await api.addTool({ unitPriceCents: 1850, minOrderQuantity: 1, stock: 100 });
    const response = await order(buyer, orderBody(toolId, 4));
    expect(response.body.toolPrice).toBe(72);
  });

  it("when the tool does not exist, then the order is refused with 404", async () => {
    expectProblem(await order(buyer, orderBody(randomUUID(), 2)), 404);
    expectProblem(await order(buyer, orderBody("no-such-tool", 2)), 404);
  });
});

describe("cancelling an order", () => {
  it("when a buyer deletes an unpaid order, then its units go back on the shelf and it leaves their list", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const id = await api.placeOrder(buyer, toolId, 10);
    expect(await stockOf(toolId)).toBe(90);
    const response = await api.request("DELETE", `/orders/${id}`, { token: buyer.token });
    expect(response.status).toBe(200);
    expect(await stockOf(toolId)).toBe(100);
    expect((await ordersOf(buyer)).map((o) => o._id)).not.toContain(id);
    expectProblem(await api.request("GET", `/orders/${id}`, { token: buyer.token }), 404);
  });

  it("when an order is deleted twice, then the second delete is 404 and the units come back only once", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const id = await api.placeOrder(buyer, toolId, 10);
    expect((await api.request("DELETE", `/orders/${id}`, { token: buyer.token })).status).toBe(200);
    expectProblem(await api.request("DELETE", `/orders/${id}`, { token: buyer.token }), 404);
    expect(await stockOf(toolId)).toBe(100);
  });

  it("when an admin cancels a buyer's order while the buyer orders the same tool, then neither waits for the other", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    for (let round = 0; round < 3; round++) {
      const id = await api.placeOrder(buyer, toolId, 1);
      const started = Date.now();
      const [cancelled, placed] = await Promise.all([
        api.request("DELETE", `/orders/${id}`, { token: admin.token }),
        order(buyer, orderBody(toolId, 1)),
      ]);
      expect([cancelled.status, placed.status]).toEqual([200, 201]);
      // Two changes that take the tool and the buyer in opposite orders wait out each other's locks for seconds.
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    expect(await stockOf(toolId)).toBe(97);
  });

  it("when the order is paid, then neither its buyer nor an admin can delete it and the units stay sold", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const id = await api.placeOrder(buyer, toolId, 10);
    await api.markPaid(id);
    expectProblem(await api.request("DELETE", `/orders/${id}`, { token: buyer.token }), 409);
    expectProblem(await api.request("DELETE", `/orders/${id}`, { token: admin.token }), 409);
    expect((await api.request("GET", `/orders/${id}`, { token: buyer.token })).body).toMatchObject({ paid: true, status: "paid" });
    expect(await stockOf(toolId)).toBe(90);
  });
});

describe("an order's id in capitals", () => {
  it("when a buyer reads, pays and an admin ships an order named by its id in capitals, then it is the same order", async () => {
    const id = await api.placeOrder(buyer, await api.addTool({ minOrderQuantity: 1, stock: 10 }), 1);
    const shouted = id.toUpperCase();
    expect(shouted).not.toBe(id);

    const read = await api.request("GET", `/orders/${shouted}`, { token: buyer.token });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: id, status: "unpaid" });
    await api.payByCard(buyer, shouted);
    const shipped = await api.request("PATCH", `/orders/${shouted}/shipped`, { token: admin.token });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ _id: id, status: "shipped" });
  });

  it("when a buyer cancels an order named by its id in capitals, then it is cancelled and its units go back", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 10 });
    const id = await api.placeOrder(buyer, toolId, 4);
    expect((await api.request("DELETE", `/orders/${id.toUpperCase()}`, { token: buyer.token })).status).toBe(200);
    expectProblem(await api.request("GET", `/orders/${id}`, { token: buyer.token }), 404);
    expect(await stockOf(toolId)).toBe(10);
  });
});

describe("shipping an order", () => {
  it("when an admin ships an unpaid order, then it is refused with 409 and the order stays unpaid", async () => {
    const id = await api.placeOrder(buyer, await api.addTool());
    expectProblem(await api.request("PATCH", `/orders/${id}/shipped`, { token: admin.token }), 409);
    expect((await api.request("GET", `/orders/${id}`, { token: buyer.token })).body).toMatchObject({ paid: false, status: "unpaid" });
  });

  it("when an admin ships a paid order, then its buyer and the admin list see it shipped, and it can no longer be deleted", async () => {
    const id = await api.placeOrder(buyer, await api.addTool());
    await api.markPaid(id);
    const response = await api.request("PATCH", `/orders/${id}/shipped`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: id, status: "shipped", shipped: true, paid: true });
    expect((await api.request("GET", `/orders/${id}`, { token: buyer.token })).body).toMatchObject({ status: "shipped", paid: true });
    expect((await allOrders()).find((o) => o._id === id)).toMatchObject({ status: "shipped" });
    expectProblem(await api.request("DELETE", `/orders/${id}`, { token: buyer.token }), 409);
  });
});

describe("repeating an order with an Idempotency-Key", () => {
  it("when the same request is sent twice, then both answers name one order and stock is taken once", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const headers = { "idempotency-key": randomUUID() };
    const first = await order(buyer, orderBody(toolId, 4), headers);
    const second = await order(buyer, orderBody(toolId, 4), headers);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body._id).toBe(first.body._id);
    expect(await stockOf(toolId)).toBe(96);
    expect((await allOrders()).filter((o) => o.toolId === toolId)).toHaveLength(1);
  });

  it("when the same request is sent twice at once, then both answers name one order and stock is taken once", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const headers = { "idempotency-key": randomUUID() };
    const [first, second] = await Promise.all([order(buyer, orderBody(toolId, 4), headers), order(buyer, orderBody(toolId, 4), headers)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body._id).toBe(first.body._id);
    expect(await stockOf(toolId)).toBe(96);
    expect((await allOrders()).filter((o) => o.toolId === toolId)).toHaveLength(1);
  });

  it("when the key is reused for a different order, then it is refused with 422 and nothing more is taken", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const headers = { "idempotency-key": randomUUID() };
    expect((await order(buyer, orderBody(toolId, 4), headers)).status).toBe(201);
    expectProblem(await order(buyer, orderBody(toolId, 6), headers), 422);
    expect(await stockOf(toolId)).toBe(96);
  });

  it("when two buyers happen to use the same key, then each gets an order of their own", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 100 });
    const headers = { "idempotency-key": randomUUID() };
    const mine = await order(buyer, orderBody(toolId, 4), headers);
    const theirs = await order(otherBuyer, orderBody(toolId, 4), headers);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body._id).not.toBe(mine.body._id);
    expect(theirs.body.userEmail).toBe(otherBuyer.email);
    expect(await stockOf(toolId)).toBe(92);
  });
});

describe("deleting a tool", () => {
  it("when an admin deletes a tool, then it leaves the catalog, cannot be ordered, and its orders keep their name and total", async () => {
    const toolId = await api.addTool({ name: "Retired Planer", unitPriceCents: 4000, minOrderQuantity: 1, stock: 10 });
    const id = await api.placeOrder(buyer, toolId, 2);
    expect((await api.request("DELETE", `/tools/${toolId}`, { token: admin.token })).status).toBe(200);

    expect((await api.request("GET", "/tools")).body.map((t: { _id: string }) => t._id)).not.toContain(toolId);
    expectProblem(await api.request("GET", `/tools/${toolId}`), 404);
    expectProblem(await order(buyer, orderBody(toolId, 2)), 404);
    expectProblem(await api.request("DELETE", `/tools/${toolId}`, { token: admin.token }), 404);

    const kept = { _id: id, toolName: "Retired Planer", toolPrice: 80, quantityAmount: 2 };
    expect((await api.request("GET", `/orders/${id}`, { token: buyer.token })).body).toMatchObject(kept);
    expect((await allOrders()).find((o) => o._id === id)).toMatchObject(kept);
  });
});

describe("many buyers at once", () => {
  it("when 200 orders of 1 unit race for 50 units, then exactly 50 succeed, the rest are refused and stock ends at 0", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 50 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => api.signUp("racer")));
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => order(buyers[i % buyers.length]!, orderBody(toolId, 1))));

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 422)).toHaveLength(150);
    for (const refused of responses.filter((r) => r.status === 422)) expect(refused.body.detail).toBe(ABOVE_AQ);
    expect(await stockOf(toolId)).toBe(0);
    expect((await allOrders()).filter((o) => o.toolId === toolId)).toHaveLength(50);
  });
});
