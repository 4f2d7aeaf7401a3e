import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../support/problems.js";
import { type ApiResponse, orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 10, point 8: a tool priced under a dollar made $0 orders that held stock and could never be
// paid, and totals above $100,000,000 failed the payment call's schema. An order's total (quantity
// times the whole dollars of the price, docs/product.md §4.3) must be one a card can be charged, $0.50 to
// $999,999.99 as Stripe charges US dollars; outside that it is refused when placed, and every order
// placed can be paid.

const SUCCESS_CARD = "4242424242424242";

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const stockOf = async (toolId: string) => (await api.stores.tools.findListed(toolId))!.stock;
const place = (toolId: string, quantity: number) => api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, quantity) });

/** A tool added through the admin's form, at a price in dollars. */
async function toolPriced(price: number, moq = 1, aq = 1000): Promise<string> {
  const response = await api.request("POST", "/tools", {
    token: admin.token,
    body: { name: `Priced ${price}`, img: "/images/tools/claw-hammer.svg", price, description: "A tool at the edge of what a card can pay.", moq, aq },
  });
  expect(response.status).toBe(201);
  return response.body.insertedId;
}

/** Pays an order as the payment page does: the contract's toolPrice (docs/product.md §8.2), the sandbox card form, the server's check. */
async function pay(orderId: string, toolPrice: number): Promise<ApiResponse> {
  const intent = await api.request("POST", "/create-payment-intent", { token: buyer.token, body: { orderId, toolPrice } });
  expect(intent.status).toBe(200);
  const clientSecret: string = intent.body.clientSecret;
  const confirmed = await api.request("POST", `/sandbox/payment-intents/${clientSecret.split("_secret_")[0]}/confirm`, {
    token: buyer.token,
    body: {
      clientSecret,
      card: { number: SUCCESS_CARD, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" },
      billingDetails: { name: buyer.name, email: buyer.email },
    },
  });
  expect(confirmed.status).toBe(200);
  return api.request("POST", `/orders/${orderId}/payment`, { token: buyer.token });
}

describe("below the smallest charge", () => {
  it("when a tool priced $0.99 is ordered, then the $0 order is refused with 422 naming the $0.50 minimum, and no stock is held", async () => {
    const toolId = await toolPriced(0.99);
    const response = await place(toolId, 500);
    expectProblem(response, 422);
    expect(response.body.code).toBe("order_total_too_small");
    expect(response.body.detail).toBe("The order total must be at least $0.50, the smallest amount a card can be charged; this order comes to $0.00.");
    expect(await stockOf(toolId)).toBe(1000);
  });

  it("when the total is the smallest docs/product.md §4.3 can make, $1, then the order is placed and paid", async () => {
    const toolId = await toolPriced(1.99);
    const placed = await place(toolId, 1);
    expect(placed.status).toBe(201);
    expect(placed.body.toolPrice).toBe(1);
    const paid = await pay(placed.body._id, 1);
    expect(paid.status).toBe(200);
    expect(paid.body.paid).toBe(true);
  });
});

describe("above the largest charge", () => {
  it("when a total comes to $1,000,000, then it is refused with 422 naming the $999,999.99 maximum, and no stock is held", async () => {
    const toolId = await toolPriced(10_000);
    const response = await place(toolId, 100);
    expectProblem(response, 422);
    expect(response.body.code).toBe("order_total_too_large");
    expect(response.body.detail).toBe(
      "The order total must be at most $999,999.99, the largest amount a card can be charged at once; this order comes to $1,000,000.00. Please order fewer units.",
    );
    expect(await stockOf(toolId)).toBe(1000);
  });

  it("when an admin prices a tool above what one card payment can be, then it is refused with 400 and not added", async () => {
    const before = (await api.request("GET", "/tools")).body.length;
    const response = await api.request("POST", "/tools", {
      token: admin.token,
      body: { name: "Gold Anvil", img: "/images/tools/claw-hammer.svg", price: 1_000_000, description: "Too dear to pay for.", moq: 1, aq: 1 },
    });
    expectProblem(response, 400);
    expect((await api.request("GET", "/tools")).body.length).toBe(before);
  });

  it("when the dearest tool the catalog takes, $999,999.99, is ordered, then one unit can be placed and two are refused with 422", async () => {
    const toolId = await toolPriced(999_999.99);
    expect((await place(toolId, 2)).body.code).toBe("order_total_too_large");
    expect((await place(toolId, 1)).status).toBe(201);
  });

  it("when the total is the largest a card takes in whole dollars, $999,999, then the order is placed and paid, the contract's toolPrice (docs/product.md §8.2) included", async () => {
    const toolId = await toolPriced(333_333.33);
    const placed = await place(toolId, 3);
    expect(placed.status).toBe(201);
    expect(placed.body.toolPrice).toBe(999_999);
    const paid = await pay(placed.body._id, 999_999);
    expect(paid.status).toBe(200);
    expect(paid.body.paid).toBe(true);
  });

  it("when more units than a card can pay for are ordered at once, then fewer can be: 99 units of $10,000 are placed", async () => {
    const toolId = await toolPriced(10_000);
    expect((await place(toolId, 100)).status).toBe(422);
    const placed = await place(toolId, 99);
    expect(placed.status).toBe(201);
    expect(placed.body.toolPrice).toBe(990_000);
    expect(await stockOf(toolId)).toBe(901);
  });
});
