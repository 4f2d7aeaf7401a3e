import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import { outboxOfEvents } from "../support/inspect/mail.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { ledgerTotalOf, shelfStockOf } from "../support/inspect/tools.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

let api: TestApi;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  buyer = await api.signUp();
});
afterAll(() => api.stop());

interface Line {
  toolId: string;
  quantity: number;
}

const threeTools = async (stock = 20) =>
  Promise.all([
    api.addTool({ name: "Claw Hammer", unitPriceCents: 1500, minOrderQuantity: 1, stock }),
    api.addTool({ name: "Bar Clamp", unitPriceCents: 900, minOrderQuantity: 2, stock }),
    api.addTool({ name: "Panel Saw", unitPriceCents: 3200, minOrderQuantity: 1, stock }),
  ]);

const place = async (user: SignedInUser, lines: Line[], headers: Record<string, string> = {}) =>
  api.request("POST", "/checkouts", { token: user.token, body: await api.checkoutBody(lines), headers });

describe("a checkout places every line at once", () => {
  it("when a buyer checks out three tools, then each line is one order of the checkout, every unit is taken and one e-mail is written", async () => {
    const [hammer, clamp, saw] = await threeTools();
    const response = await place(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
      { toolId: saw, quantity: 1 },
    ]);
    expect(response.status).toBe(201);
    const checkout = response.body;
    expect(checkout).toMatchObject({ status: "unpaid", total: 15 + 18 + 32, userEmail: buyer.email, paidAt: null });
    expect(checkout.orders.map((o: { toolId: string; quantityAmount: number; toolPrice: number; status: string; checkoutId: string }) => [o.toolId, o.quantityAmount, o.toolPrice, o.status, o.checkoutId])).toEqual([
      [hammer, 1, 15, "unpaid", checkout._id],
      [clamp, 2, 18, "unpaid", checkout._id],
      [saw, 1, 32, "unpaid", checkout._id],
    ]);
    // One hold for the checkout: every order releases at the same moment.
    expect(new Set(checkout.orders.map((o: { releasesAt: string }) => o.releasesAt))).toEqual(new Set([checkout.releasesAt]));
    expect([await shelfStockOf(api, hammer), await shelfStockOf(api, clamp), await shelfStockOf(api, saw)]).toEqual([19, 18, 19]);
    expect(await ledgerTotalOf(api, clamp)).toBe(20);

    const mine = (await api.request("GET", `/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token })).body as { checkoutId: string | null }[];
    expect(mine.filter((o) => o.checkoutId === checkout._id)).toHaveLength(3);
    expect(await outboxOfEvents(api, `checkout:${checkout._id}:`)).toHaveLength(1);
    expect(await outboxOfEvents(api, `order:${checkout.orders[0]._id}:`)).toHaveLength(0);

    const read = await api.request("GET", `/checkouts/${checkout._id}`, { token: buyer.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(checkout);
  });

  it("when the buyer checks out lines of their cart, then those lines leave the cart and the others stay", async () => {
    const [hammer, clamp, saw] = await threeTools();
    for (const [toolId, quantity] of [
      [hammer, 1],
      [clamp, 2],
      [saw, 1],
    ] as const) {
      expect((await api.request("PUT", `/cart/lines/${toolId}`, { token: buyer.token, body: { quantity } })).status).toBe(200);
    }
    await api.checkout(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
    ]);
    const cart = (await api.request("GET", "/cart", { token: buyer.token })).body as { lines: { toolId: string }[] };
    expect(cart.lines.map((line) => line.toolId)).toEqual([saw]);
  });

  it("when one line cannot be placed, then the refusal names that line, and no line is placed and no unit taken", async () => {
    const [hammer, clamp, saw] = await threeTools(5);
    const response = await place(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 6 },
      { toolId: saw, quantity: 1 },
    ]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: "checkout_refused",
      detail: "Bar Clamp: Please give order below available unit",
      lines: [{ index: 1, toolId: clamp, toolName: "Bar Clamp", code: "above_aq", message: "Please give order below available unit" }],
    });
    expect([await shelfStockOf(api, hammer), await shelfStockOf(api, clamp), await shelfStockOf(api, saw)]).toEqual([5, 5, 5]);

    const below = await place(buyer, [{ toolId: clamp, quantity: 1 }]);
    expect(below.body.lines).toEqual([{ index: 0, toolId: clamp, toolName: "Bar Clamp", code: "below_moq", message: "Please order more than minimum order quantity" }]);
  });

  it("when a tool was repriced since the buyer saw it, or is gone, then its line is refused and nothing is placed", async () => {
    const [hammer, clamp] = await threeTools();
    const body = await api.checkoutBody([
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
    ]);
    body.lines[0]!.toolPrice = 14;
    body.lines.push({ toolId: "00000000-0000-4000-8000-000000000000", quantityAmount: 1, toolPrice: 1 });
    const response = await api.request("POST", "/checkouts", { token: buyer.token, body });
    expect(response.status).toBe(409);
    expect(response.body.lines.map((l: { index: number; code: string }) => [l.index, l.code])).toEqual([
      [0, "repriced"],
      [2, "no_tool"],
    ]);
    expect(response.body.lines[0].message).toBe("The price changed from $14.00 to $15.00.");
    expect(await shelfStockOf(api, clamp)).toBe(20);
  });

  it("when a checkout is retried with its Idempotency-Key, then the first checkout answers and nothing more is taken", async () => {
    const [hammer, clamp] = await threeTools();
    const lines = [
      { toolId: hammer, quantity: 2 },
      { toolId: clamp, quantity: 2 },
    ];
    const headers = { "idempotency-key": `checkout-${Date.now()}` };
    const [first, second] = await Promise.all([place(buyer, lines, headers), place(buyer, lines, headers)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body._id).toBe(first.body._id);
    expect(await shelfStockOf(api, hammer)).toBe(18);

    const other = await place(buyer, [{ toolId: hammer, quantity: 3 }], headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
  });

  it("when a refused checkout and a good one send one Idempotency-Key at once, then the refused one spends no key and the good one is placed", async () => {
    const [hammer, clamp] = await threeTools();
    const headers = { "idempotency-key": `checkout-refused-${Date.now()}` };
    const bodies = await Promise.all([api.checkoutBody([{ toolId: clamp, quantity: 2 }]), api.checkoutBody([{ toolId: hammer, quantity: 21 }]), api.checkoutBody([{ toolId: hammer, quantity: 2 }])]);
    const send = (body: unknown, more: Record<string, string> = {}) => api.request("POST", "/checkouts", { token: buyer.token, body, headers: more });
    // The first checkout keeps the instance busy, so the two sharing a key wait for the next batch together.
    const [, refused, good] = await Promise.all([send(bodies[0]), send(bodies[1], headers), send(bodies[2], headers)]);
    expect(good.status).toBe(201);
    // Refused for its line; or, reaching the server after the good one, for reusing its key with other lines.
    expect([`${refused.status} ${refused.body.code}`]).toEqual([expect.stringMatching(/^(409 checkout_refused|422 idempotency_key_reused)$/)]);
    expect(await shelfStockOf(api, hammer)).toBe(18);
  });

  it("when a buyer holds unpaid checkouts, then each counts once toward the unpaid limit, whatever its lines", async () => {
    const capped = await TestApi.start({ orderRules: { maxUnpaid: 2 } });
    try {
      const someone = await capped.signUp();
      const tools = await Promise.all([1, 2, 3].map(() => capped.addTool({ minOrderQuantity: 1, stock: 50 })));
      const lines = tools.map((toolId) => ({ toolId, quantity: 1 }));
      await capped.checkout(someone, lines);
      await capped.checkout(someone, lines);
      const third = await capped.request("POST", "/checkouts", { token: someone.token, body: await capped.checkoutBody(lines) });
      expect(third.status).toBe(409);
      expect(third.body.code).toBe("too_many_unpaid_orders");
      expect(await shelfStockOf(capped, tools[0]!)).toBe(48);
    } finally {
      await capped.stop();
    }
  });
});

describe("an unpaid checkout ends as one", () => {
  it("when the buyer cancels the checkout, then every order is cancelled and every unit returns, once", async () => {
    const [hammer, clamp, saw] = await threeTools();
    const checkout = await api.checkout(buyer, [
      { toolId: hammer, quantity: 3 },
      { toolId: clamp, quantity: 4 },
      { toolId: saw, quantity: 5 },
    ]);
    const [first, again] = await Promise.all([
      api.request("DELETE", `/checkouts/${checkout._id}`, { token: buyer.token }),
      api.request("DELETE", `/checkouts/${checkout._id}`, { token: buyer.token }),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(first.body.status).toBe("cancelled");
    expect([await shelfStockOf(api, hammer), await shelfStockOf(api, clamp), await shelfStockOf(api, saw)]).toEqual([20, 20, 20]);
    const told = await outboxOfEvents(api, `checkout:${checkout._id}:cancelled`);
    expect(told).toHaveLength(1);
    // The lines in the order the buyer sent them.
    const at = (text: string) => told[0]!.text.indexOf(text);
    expect([at("3 × Claw Hammer"), at("4 × Bar Clamp"), at("5 × Panel Saw")].every((index, i, all) => index >= 0 && (i === 0 || index > all[i - 1]!))).toBe(true);
  });

  it("when one order of an unpaid checkout is deleted, then the whole checkout is cancelled with it", async () => {
    const [hammer, clamp] = await threeTools();
    const checkout = await api.checkout(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
    ]);
    const deleted = await api.request("DELETE", `/orders/${checkout.orders[0]!._id}`, { token: buyer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 2 });
    expect((await api.request("GET", `/checkouts/${checkout._id}`, { token: buyer.token })).body.status).toBe("cancelled");
    expect(await shelfStockOf(api, clamp)).toBe(20);
  });

  it("when the checkout's hold is over, then the release cancels all its orders together and the buyer is told once", async () => {
    const [hammer, clamp, saw] = await threeTools();
    const checkout = await api.checkout(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
      { toolId: saw, quantity: 3 },
    ]);
    await moveHoldEnd(
      api,
      checkout.orders.map((o) => o._id),
      -1,
    );
    expect(await releaseUnpaidOrders(api.stores)).toBeGreaterThanOrEqual(3);
    expect((await api.request("GET", `/checkouts/${checkout._id}`, { token: buyer.token })).body.status).toBe("cancelled");
    expect([await shelfStockOf(api, hammer), await shelfStockOf(api, clamp), await shelfStockOf(api, saw)]).toEqual([20, 20, 20]);
    expect(await outboxOfEvents(api, `checkout:${checkout._id}:cancelled`)).toHaveLength(1);
  });
});

describe("a checkout's orders are paid with it", () => {
  it("when the buyer tries to pay one order of a checkout on its own, then it is refused and nothing is charged", async () => {
    const [hammer, clamp] = await threeTools();
    const checkout = await api.checkout(buyer, [
      { toolId: hammer, quantity: 1 },
      { toolId: clamp, quantity: 2 },
    ]);
    const alone = await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId: checkout.orders[0]!._id } });
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe("order_in_checkout");
    expect((await api.request("POST", `/checkouts/${checkout._id}/payment-intent`, { token: buyer.token })).status).toBe(200);
  });
});

describe("tool ids in any case", () => {
  it("when a line names its tool in upper case, then it is the same tool: its stock, and a second line of it is refused", async () => {
    const [hammer] = await threeTools(4);
    const body = await api.checkoutBody([{ toolId: hammer, quantity: 5 }]);
    body.lines[0]!.toolId = hammer.toUpperCase();
    const over = await api.request("POST", "/checkouts", { token: buyer.token, body });
    expect(over.status).toBe(409);
    expect(over.body.lines[0].code).toBe("above_aq");

    const twice = await api.checkoutBody([{ toolId: hammer, quantity: 1 }]);
    twice.lines.push({ ...twice.lines[0]!, toolId: hammer.toUpperCase() });
    expect((await api.request("POST", "/checkouts", { token: buyer.token, body: twice })).status).toBe(400);

    body.lines[0]!.quantityAmount = 4;
    expect((await api.request("POST", "/checkouts", { token: buyer.token, body })).status).toBe(201);
    expect(await shelfStockOf(api, hammer)).toBe(0);
  });
});

describe("who may see a checkout", () => {
  it("when another buyer asks for it, then it is not found; an admin sees it and may cancel it", async () => {
    const [hammer] = await threeTools();
    const checkout = await api.checkout(buyer, [{ toolId: hammer, quantity: 1 }]);
    const other = await api.signUp();
    expect((await api.request("GET", `/checkouts/${checkout._id}`, { token: other.token })).status).toBe(404);
    expect((await api.request("DELETE", `/checkouts/${checkout._id}`, { token: other.token })).status).toBe(404);
    expect((await api.request("GET", `/checkouts/${checkout._id}`)).status).toBe(401);
    const admin = await api.signUpAdmin();
    expect((await api.request("GET", `/checkouts/${checkout._id}`, { token: admin.token })).status).toBe(200);
    const cancelled = await api.request("DELETE", `/checkouts/${checkout._id}`, { token: admin.token });
    expect(cancelled.body.status).toBe("cancelled");
  });
});

describe("a checkout's bounds", () => {
  it("when the lines are too many, repeat a tool, are empty or ask for a wrong quantity, then a 400 says so and nothing is placed", async () => {
    const [hammer] = await threeTools();
    const line = { toolId: hammer, quantityAmount: 1, toolPrice: 15 };
    const contact = { userPhone: "+1 555 0100", userAddress: "12 Harbour Road" };
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ ...line, toolId: `tool-${i}` }));
    for (const body of [
      { ...contact, lines: tooMany },
      { ...contact, lines: [line, line] },
      { ...contact, lines: [] },
      { ...contact, lines: [{ ...line, quantityAmount: 0 }] },
      { ...contact, lines: [{ ...line, quantityAmount: 1.5 }] },
      { lines: [line] },
    ]) {
      const response = await api.request("POST", "/checkouts", { token: buyer.token, body });
      expect(response.status).toBe(400);
    }
    expect(await shelfStockOf(api, hammer)).toBe(20);
  });

  it("when a checkout holds the most lines a cart may, then every line is placed in its one transaction, held briefly", async () => {
    // The deployed limit of 5 unpaid orders: a checkout of more lines than that is held 15 minutes.
    const capped = await TestApi.start({ orderRules: { maxUnpaid: 5 } });
    try {
      const someone = await capped.signUp();
      const tools = await Promise.all(Array.from({ length: 50 }, (_, i) => capped.addTool({ name: `Bound tool ${i}`, unitPriceCents: 300, minOrderQuantity: 1, stock: 10 })));
      const checkout = await capped.checkout(
        someone,
        tools.map((toolId) => ({ toolId, quantity: 2 })),
      );
      expect(checkout.orders).toHaveLength(50);
      expect(checkout.total).toBe(300);
      expect(await Promise.all([tools[0]!, tools[49]!].map((toolId) => shelfStockOf(capped, toolId)))).toEqual([8, 8]);
      const read = (await capped.request("GET", `/checkouts/${checkout._id}`, { token: someone.token })).body as { createdAt: string; releasesAt: string };
      expect(Date.parse(read.releasesAt) - Date.parse(read.createdAt)).toBe(15 * 60_000);
    } finally {
      await capped.stop();
    }
  });

  it("when the total is above what one card payment can be, then a 422 says so and nothing is placed", async () => {
    const dear = await api.addTool({ name: "Press", unitPriceCents: 60_000_000, minOrderQuantity: 1, stock: 5 });
    const also = await api.addTool({ name: "Lathe", unitPriceCents: 50_000_000, minOrderQuantity: 1, stock: 5 });
    const response = await place(buyer, [
      { toolId: dear, quantity: 1 },
      { toolId: also, quantity: 1 },
    ]);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("checkout_total_too_large");
    expect(await shelfStockOf(api, dear)).toBe(5);
  });
});
