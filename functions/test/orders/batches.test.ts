import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "../../src/db/schema.js";
import type { NewOrder } from "../../src/modules/orders/order-rules.js";
import { createShopServices } from "../../src/shop-services.js";
import { expectProblem } from "../support/problems.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// One batch is what the API hands the database when orders for a tool arrive while its previous
// batch runs. Which requests share a batch depends on timing, so a batch's transaction is run here
// directly, on the database, and the mix the API answers with over HTTP. The rules alone are
// unit-tested in src/modules/orders/order-rules.test.ts.

let api: TestApi;
let first: SignedInUser;
let second: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [first, second] = await Promise.all([api.signUp("first"), api.signUp("second")]);
});
afterAll(() => api.stop());

const placeOrders = (toolId: string, batch: NewOrder[]) => createShopServices(api.database.db).orders.placeBatch(toolId, batch);

const order = (buyer: SignedInUser, toolId: string, quantity: number, idempotencyKey: string | null = null): NewOrder => ({
  toolId,
  quantity,
  buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
  userPhone: "+1 555 0100",
  userAddress: "12 Harbour Road, Springfield",
  idempotencyKey,
});

const stockOf = async (toolId: string) =>
  (await api.database.db.select({ aq: tools.stock }).from(tools).where(eq(tools.id, toolId)))[0]!.aq;

describe("a batch of orders for one tool", () => {
  it("checks each order against the stock the earlier ones left, and refuses each for its own reason", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10 });
    const outcomes = await placeOrders(toolId, [
      order(first, toolId, 6),
      order(second, toolId, 1),
      order(second, toolId, 6),
      order(second, toolId, 4),
    ]);
    expect(outcomes.map((o) => (o.kind === "refused" ? o.reason : o.kind))).toEqual(["placed", "below_moq", "above_aq", "placed"]);
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when a buyer's Idempotency-Key comes twice in one batch, then it is one order and the stock it did not take serves the next buyer", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 10 });
    const key = randomUUID();
    const outcomes = await placeOrders(toolId, [order(first, toolId, 5, key), order(first, toolId, 5, key), order(second, toolId, 5)]);
    expect(outcomes.map((o) => o.kind)).toEqual(["placed", "key_used", "placed"]);
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when an order is retried after it took the last units, then the retry is told its key was used, not that stock ran out", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 5 });
    const key = randomUUID();
    expect((await placeOrders(toolId, [order(first, toolId, 5, key)]))[0]!.kind).toBe("placed");
    expect((await placeOrders(toolId, [order(first, toolId, 5, key)]))[0]!.kind).toBe("key_used");
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when the tool is gone, then every order of the batch is refused for it and nothing changes", async () => {
    const outcomes = await placeOrders(randomUUID(), [order(first, randomUUID(), 1), order(second, randomUUID(), 2)]);
    expect(outcomes).toEqual([
      { kind: "refused", reason: "no_tool" },
      { kind: "refused", reason: "no_tool" },
    ]);
  });
});

describe("orders racing for little stock over HTTP", () => {
  it("when orders of mixed sizes arrive at once, then each gets its own answer and exactly the stock is sold", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10 });
    const sizes = [1, 6, 6, 4];
    const answers = await Promise.all(
      sizes.map((quantity, i) => api.request("POST", "/orders", { token: i % 2 ? first.token : second.token, body: orderBody(toolId, quantity) })),
    );
    expectProblem(answers[0]!, 422);
    expect(answers[0]!.body.code).toBe("below_moq");
    expect(answers[3]!.status).toBe(201);
    const sixes = [answers[1]!, answers[2]!];
    expect(sixes.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(sixes.find((a) => a.status === 422)!.body.code).toBe("above_aq");
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when a buyer sends the same order twice at once for all the stock, then both answers name one order", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 5 });
    const headers = { "idempotency-key": randomUUID() };
    const answers = await Promise.all([1, 2].map(() => api.request("POST", "/orders", { token: first.token, body: orderBody(toolId, 5), headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1]!.body._id).toBe(answers[0]!.body._id);
    expect(await stockOf(toolId)).toBe(0);
  });
});
