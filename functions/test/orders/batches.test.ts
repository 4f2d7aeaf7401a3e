import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../src/lib/auth.js";
import { AppError } from "../../src/lib/errors.js";
import type { OrdersService, PlacedOrder } from "../../src/modules/orders/orders.service.js";
import { createShopServices } from "../../src/shop-services.js";
import { expectProblem } from "../support/problems.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Orders for one tool that arrive while a batch of it runs wait and share the next batch, one
// transaction. Which requests share a batch over HTTP depends on timing, so here orders are placed
// through the orders service in one turn of the event loop, behind a lead order that keeps a batch
// running; the mix the API answers with is sent over HTTP below. The rules alone are unit-tested in
// src/modules/orders/order-rules.test.ts.

let api: TestApi;
let orders: OrdersService;
let first: SignedInUser;
let second: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  orders = createShopServices(api.anotherInstanceStores()).orders;
  [first, second] = await Promise.all([api.signUp("first"), api.signUp("second")]);
});
afterAll(() => api.stop());

/** More units than any tool here holds: an order for them is refused and takes nothing. */
const MORE_THAN_STOCK = 1_000_000;

const buyer = ({ id, name, email }: SignedInUser): Principal => ({ id, name, email, role: "buyer" });

const place = (user: SignedInUser, toolId: string, quantity: number, idempotencyKey?: string) =>
  orders.place(buyer(user), { toolId, quantity, userPhone: "+1 555 0100", userAddress: "12 Harbour Road, Springfield" }, idempotencyKey);

/** What a placement came to: the order placed, and whether an earlier request's key placed it, or the code of its refusal. */
type Outcome = { placed: string; replayed: boolean } | { refused: string };

const outcome = (placing: Promise<PlacedOrder>): Promise<Outcome> =>
  placing.then(
    ({ order, replayed }) => ({ placed: order._id, replayed }),
    (error: unknown) => {
      if (error instanceof AppError) return { refused: error.code };
      throw error;
    },
  );

const kinds = (outcomes: Outcome[]) => outcomes.map((o) => ("refused" in o ? o.refused : "placed"));

/**
 * Places orders for one tool together: a lead order for more than the stock starts a batch, and the
 * orders, placed while it runs, wait behind it and share the next batch, in order.
 */
async function placeTogether(toolId: string, batch: [SignedInUser, number][]): Promise<Outcome[]> {
  const lead = outcome(place(second, toolId, MORE_THAN_STOCK));
  const outcomes = await Promise.all(batch.map(([user, quantity]) => outcome(place(user, toolId, quantity))));
  await lead;
  return outcomes;
}

const stockOf = async (toolId: string) => (await api.stores.tools.findListed(toolId))!.stock;

describe("a batch of orders for one tool", () => {
  it("checks each order against the stock the earlier ones left, and refuses each for its own reason", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10 });
    const outcomes = await placeTogether(toolId, [
      [first, 6],
      [second, 1],
      [second, 6],
      [second, 4],
    ]);
    expect(kinds(outcomes)).toEqual(["placed", "below_moq", "above_aq", "placed"]);
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when a buyer's Idempotency-Key comes twice at once, then it is one order and the stock it did not take serves the next buyer", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 10 });
    const key = randomUUID();
    const [once, again, other] = await Promise.all([outcome(place(first, toolId, 5, key)), outcome(place(first, toolId, 5, key)), outcome(place(second, toolId, 5))]);
    expect(kinds([once!, again!, other!])).toEqual(["placed", "placed", "placed"]);
    const keyed = [once, again] as { placed: string; replayed: boolean }[];
    expect(keyed[1]!.placed).toBe(keyed[0]!.placed);
    expect(keyed.map((o) => o.replayed).sort()).toEqual([false, true]);
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when an order is retried after it took the last units, then the retry is answered with the order its key placed, not told that stock ran out", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 5 });
    const key = randomUUID();
    const placed = await outcome(place(first, toolId, 5, key));
    expect(placed).toEqual({ placed: expect.any(String), replayed: false });
    expect(await outcome(place(first, toolId, 5, key))).toEqual({ ...placed, replayed: true });
    expect(await stockOf(toolId)).toBe(0);
  });

  it("when the tool is gone, then every order of the batch is refused for it and nothing changes", async () => {
    const outcomes = await placeTogether(randomUUID(), [
      [first, 1],
      [second, 2],
    ]);
    expect(outcomes).toEqual([{ refused: "not_found" }, { refused: "not_found" }]);
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
