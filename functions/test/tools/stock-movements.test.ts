import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import type { AuditEntry } from "../../src/modules/audit/audit.schemas.js";
import type { StockLedgerPage, Tool } from "../../src/modules/tools/tools.schemas.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import { toolAccounts, unbalancedTools } from "./ledger-check.js";

// Stock movements and the stock ledger (issue 13, point 1): restock +N, correction -N with a reason.

let api: TestApi;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [admin, buyer] = await Promise.all([api.signUpAdmin(), api.signUp()]);
});
afterAll(() => api?.stop());

const move = (id: string, body: unknown, token = admin.token) =>
  api.request("POST", `/tools/${id}/stock-movements`, { token, body });
const ledgerOf = (id: string, query = "") => api.request<StockLedgerPage>("GET", `/tools/${id}/stock-movements${query}`, { token: admin.token });
const stockOf = async (id: string) => (await api.request<Tool>("GET", `/tools/${id}`)).body.aq;
const auditOf = async (id: string) =>
  (await api.request<AuditEntry[]>("GET", "/audit-log", { token: admin.token })).body.filter((entry) => entry.targetId === id);

describe("moving stock", () => {
  it("when an admin restocks 25 units, then aq grows by 25 at once, the answer has the movement and the new aq, and the ledger and audit log record it", async () => {
    const id = await api.addTool({ minOrderQuantity: 2, stock: 40 });

    const response = await move(id, { kind: "restock", quantity: 25, reason: "Delivery 4411" });

    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      movement: { _id: expect.any(String), toolId: id, kind: "restock", quantity: 25, reason: "Delivery 4411", actorId: admin.id, createdAt: expect.any(String) },
      aq: 65,
    });
    expect(await stockOf(id)).toBe(65);
    const ledger = (await ledgerOf(id)).body;
    expect(ledger.movements.map(({ kind, quantity, reason }) => ({ kind, quantity, reason }))).toEqual([
      { kind: "restock", quantity: 25, reason: "Delivery 4411" },
      { kind: "initial", quantity: 40, reason: "" },
    ]);
    expect(ledger.movements[0]).toEqual(response.body.movement);
    expect(ledger.movements[1]!.actorId).toBeNull();
    expect(ledger.next).toBeNull();
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: "tool.stock_moved", actorEmail: admin.email, details: { kind: "restock", quantity: 25, reason: "Delivery 4411", aq: 65 } });
  });

  it("when a restock gives no reason, then it is recorded with none", async () => {
    const id = await api.addTool({ stock: 5 });
    const response = await move(id, { kind: "restock", quantity: 1 });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ movement: { kind: "restock", quantity: 1, reason: "" }, aq: 6 });
  });

  it("when an admin corrects 7 units off with a reason, then aq falls by 7 and the ledger records -7", async () => {
    const id = await api.addTool({ minOrderQuantity: 2, stock: 40 });

    const response = await move(id, { kind: "correction", quantity: 7, reason: "  Water damage in aisle 3 " });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ movement: { kind: "correction", quantity: -7, reason: "Water damage in aisle 3" }, aq: 33 });
    expect(await stockOf(id)).toBe(33);
    expect((await auditOf(id))[0]).toMatchObject({ details: { kind: "correction", quantity: -7, aq: 33 } });
  });

  it("when a correction takes the stock to exactly 0, then it is made, and the tool is low on stock", async () => {
    const id = await api.addTool({ name: "Drain Auger", description: "Hand auger.", minOrderQuantity: 1, stock: 4 });
    expect((await move(id, { kind: "correction", quantity: 4, reason: "Recalled by the maker" })).body.aq).toBe(0);
    const low = (await api.request("GET", "/admin/tools?lowStock=true&q=auger", { token: admin.token })).body;
    expect(low.tools.map((t: Tool) => t._id)).toEqual([id]);
  });

  it("when a correction would take the stock below 0, then 409 and nothing changes", async () => {
    const id = await api.addTool({ stock: 3 });

    const response = await move(id, { kind: "correction", quantity: 4, reason: "Counted short" });

    expectProblem(response, 409);
    expect(response.body).toMatchObject({ code: "stock_below_zero" });
    expect(response.body.detail).toMatch(/3 units/);
    expect(await stockOf(id)).toBe(3);
    expect((await ledgerOf(id)).body.movements).toHaveLength(1);
    expect(await auditOf(id)).toEqual([]);
  });

  it("when a restock would take the stock above 1,000,000 units, then 409 and nothing changes", async () => {
    const id = await api.addTool({ stock: 999_990 });
    const response = await move(id, { kind: "restock", quantity: 11 });
    expectProblem(response, 409);
    expect(response.body).toMatchObject({ code: "stock_above_maximum" });
    expect(await stockOf(id)).toBe(999_990);
    expect((await move(id, { kind: "restock", quantity: 10 })).body.aq).toBe(1_000_000);
  });

  it.each([
    ["an unknown id", () => Promise.resolve(randomUUID())],
    ["a value that is not an id", () => Promise.resolve("not-a-tool")],
    [
      "a deleted tool",
      async () => {
        const id = await api.addTool();
        expect((await api.request("DELETE", `/tools/${id}`, { token: admin.token })).status).toBe(200);
        return id;
      },
    ],
  ])("when the tool is %s, then a movement is 404 and nothing is recorded", async (_, idOf) => {
    const id = await idOf();
    expectProblem(await move(id, { kind: "restock", quantity: 5 }), 404);
    expect((await auditOf(id)).filter((entry) => entry.action === "tool.stock_moved")).toEqual([]);
  });
});

describe("movements the API refuses", () => {
  const BAD: [string, unknown, string][] = [
    ["a correction without a reason", { kind: "correction", quantity: 2 }, "reason"],
    ["a correction with a blank reason", { kind: "correction", quantity: 2, reason: "   " }, "reason"],
    ["a reason too long", { kind: "restock", quantity: 2, reason: "x".repeat(501) }, "reason"],
    ["no quantity", { kind: "restock" }, "quantity"],
    ["a quantity of 0", { kind: "restock", quantity: 0 }, "quantity"],
    ["a negative quantity", { kind: "correction", quantity: -3, reason: "Lost" }, "quantity"],
    ["a quantity in halves", { kind: "restock", quantity: 1.5 }, "quantity"],
    ["a quantity as text", { kind: "restock", quantity: "5" }, "quantity"],
    ["a quantity over the most a tool holds", { kind: "restock", quantity: 1_000_001 }, "quantity"],
    ["no kind", { quantity: 5 }, "kind"],
    ["the kind the ledger starts with", { kind: "initial", quantity: 5 }, "kind"],
    ["an unknown kind", { kind: "theft", quantity: 5 }, "kind"],
    ["an unknown field", { kind: "restock", quantity: 5, aq: 100 }, "aq"],
  ];

  it.each(BAD)("when the body has %s, then 400 names the field and nothing changes", async (_, body, field) => {
    const id = await api.addTool({ stock: 20 });

    const response = await move(id, body);

    expectValidationProblem(response);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(`body/${field}`);
    expect(await stockOf(id)).toBe(20);
    expect((await ledgerOf(id)).body.movements).toHaveLength(1);
    expect(await auditOf(id)).toEqual([]);
  });
});

describe("the stock ledger", () => {
  it("when a tool has more movements than a page, then pages follow newest first to the stock it was created with", async () => {
    const id = await api.addTool({ stock: 10 });
    for (let i = 1; i <= 4; i++) expect((await move(id, { kind: "restock", quantity: i })).status).toBe(201);

    const first = (await ledgerOf(id, "?limit=2")).body;
    expect(first.movements.map((m) => m.quantity)).toEqual([4, 3]);
    const second = (await ledgerOf(id, `?limit=2&before=${first.next}`)).body;
    expect(second.movements.map((m) => m.quantity)).toEqual([2, 1]);
    const last = (await ledgerOf(id, `?limit=2&before=${second.next}`)).body;
    expect(last).toEqual({ movements: [expect.objectContaining({ kind: "initial", quantity: 10 })], next: null });
  });

  it("when a tool is deleted, then its ledger can still be read; an unknown tool's is 404", async () => {
    const id = await api.addTool({ stock: 8 });
    await api.request("DELETE", `/tools/${id}`, { token: admin.token });
    expect((await ledgerOf(id)).body.movements.map((m) => m.quantity)).toEqual([8]);
    expectProblem(await ledgerOf(randomUUID()), 404);
    expectProblem(await ledgerOf("nope"), 404);
  });

  it.each(["?limit=0", "?limit=101", "?before=abc", "?before=0", "?page=2"])("when the ledger is asked with %s, then 400", async (query) => {
    expectValidationProblem(await ledgerOf(await api.addTool(), query));
  });

  it("when orders are placed, cancelled, released and paid between restocks and corrections, then every unit is accounted for", async () => {
    const id = await api.addTool({ minOrderQuantity: 1, stock: 30 });
    const balanced = async () => expect(await unbalancedTools(api, [id])).toEqual([]);

    const cancelled = await api.placeOrder(buyer, id, 5);
    const paid = await api.placeOrder(buyer, id, 4);
    const released = await api.placeOrder(buyer, id, 3);
    await api.markPaid(paid);
    await balanced();
    await move(id, { kind: "restock", quantity: 12 });
    expect((await api.request("DELETE", `/orders/${cancelled}`, { token: buyer.token })).status).toBe(200);
    await balanced();
    await move(id, { kind: "correction", quantity: 6, reason: "Two cases dropped" });
    await moveHoldEnd(api, [released], -1);
    expect(await releaseUnpaidOrders(api.stores)).toBe(1);
    await balanced();
    expect((await api.request("PATCH", `/orders/${paid}/shipped`, { token: admin.token })).status).toBe(200);
    // Another buyer: this one cancelled an order of the tool and let another lapse, and waits an hour.
    await api.placeOrder(await api.signUp(), id, 2);

    // 30 + 12 - 6 = 36 in the ledger: 4 shipped, 2 unpaid, 30 on the shelf.
    expect(await toolAccounts(api, [id])).toEqual([{ toolId: id, aq: 30, held: 6, ledger: 36 }]);
  });
});
