import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// All Orders a page at a time: newest first, searched and filtered on the server, each order once.

let api: TestApi;
let buyer: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, other, admin] = await Promise.all([api.signUp(), api.signUp("other"), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

interface Page {
  orders: { _id: string; status: string; toolName: string; userEmail: string; createdAt: string }[];
  next: string | null;
}
const list = (query: string) => api.request<Page>("GET", `/admin/orders?${query}`, { token: admin.token });

/** Every page of a view, following `next`. */
async function allPages(query: string): Promise<Page["orders"][]> {
  const pages: Page["orders"][] = [];
  let cursor: string | null = null;
  do {
    const response = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status).toBe(200);
    pages.push(response.body.orders);
    cursor = response.body.next;
  } while (cursor);
  return pages;
}

/** Seven orders of a tool no other test uses, placed one after another: three unpaid, two paid, one shipped, one cancelled. */
async function ordersOfNewTool(): Promise<{ toolName: string; ids: string[] }> {
  const toolName = `Chisel ${randomUUID().slice(0, 8)}`;
  const toolId = await api.addTool({ name: toolName });
  const ids: string[] = [];
  for (let i = 0; i < 7; i++) ids.push(await api.placeOrder(i % 2 === 0 ? buyer : other, toolId));
  await api.markPaid(ids[3]!);
  await api.markPaid(ids[4]!);
  await api.markPaid(ids[5]!);
  expect((await api.request("PATCH", `/orders/${ids[5]}/shipped`, { token: admin.token })).status).toBe(200);
  expect((await api.request("DELETE", `/orders/${ids[6]}`, { token: admin.token })).status).toBe(200);
  return { toolName, ids };
}

describe("All Orders, page by page", () => {
  it("when an admin pages through a search, then every order but the cancelled one comes once, newest first, three a page", async () => {
    const { toolName, ids } = await ordersOfNewTool();
    const pages = await allPages(`q=${encodeURIComponent(toolName)}&limit=3`);
    expect(pages.map((page) => page.length)).toEqual([3, 3]);
    expect(pages.flat().map((order) => order._id)).toEqual(ids.slice(0, 6).reverse());
    const times = pages.flat().map((order) => Date.parse(order.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("when filtered by status, then only orders in that status come, the cancelled ones included when asked for", async () => {
    const { toolName, ids } = await ordersOfNewTool();
    const ofStatus = async (status: string) => (await allPages(`q=${encodeURIComponent(toolName)}&status=${status}`)).flat().map((order) => order._id);
    expect(await ofStatus("unpaid")).toEqual([ids[2], ids[1], ids[0]]);
    expect(await ofStatus("paid")).toEqual([ids[4], ids[3]]);
    expect(await ofStatus("shipped")).toEqual([ids[5]]);
    expect(await ofStatus("cancelled")).toEqual([ids[6]]);
    expect(await ofStatus("refunded")).toEqual([]);
  });

  it("when searched by part of a buyer's email, a name, a tool's name in any case, or an order number, then those orders are found", async () => {
    const { toolName, ids } = await ordersOfNewTool();
    const found = async (q: string) => (await allPages(`q=${encodeURIComponent(q)}`)).flat().map((order) => order._id);
    expect(await found(toolName.toUpperCase())).toHaveLength(6);
    const othersOrders = await found(other.email.split("@")[0]!);
    expect(othersOrders).toEqual(expect.arrayContaining([ids[5], ids[3], ids[1]]));
    expect(othersOrders).not.toContain(ids[0]);
    expect(await found(ids[2]!.slice(0, 8).toUpperCase())).toEqual([ids[2]]);
    expect(await found("no order has this 100% _text_")).toEqual([]);
  });

  it("when an order changes through the API, then the page asked for again shows it at once", async () => {
    const { toolName, ids } = await ordersOfNewTool();
    const paidPage = async () => (await list(`q=${encodeURIComponent(toolName)}&status=paid`)).body.orders.map((order) => order._id);
    expect(await paidPage()).toEqual([ids[4], ids[3]]);
    expect((await api.request("PATCH", `/orders/${ids[4]}/shipped`, { token: admin.token })).status).toBe(200);
    expect(await paidPage()).toEqual([ids[3]]);
  });

  it("when the cursor is not one the API made, or belongs to another search, or the query is wrong, then 400 says so", async () => {
    const { toolName } = await ordersOfNewTool();
    const first = await list(`q=${encodeURIComponent(toolName)}&limit=2`);
    expect(first.body.next).toEqual(expect.any(String));
    expectProblem(await list(`q=other&cursor=${first.body.next}`), 400);
    expectProblem(await list(`status=paid&q=${encodeURIComponent(toolName)}&cursor=${first.body.next}`), 400);
    expectProblem(await list("cursor=bm90LWEtY3Vyc29y"), 400);
    for (const query of ["limit=0", "limit=101", "status=lost", `q=${"x".repeat(101)}`, "page=2"]) expectProblem(await list(query), 400);
  });

  it("when a buyer or a visitor asks, then it is refused", async () => {
    expectProblem(await api.request("GET", "/admin/orders", { token: buyer.token }), 403);
    expectProblem(await api.request("GET", "/admin/orders"), 401);
  });
});
