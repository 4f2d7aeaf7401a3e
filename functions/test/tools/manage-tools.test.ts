import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ManagedTool, ManageToolsPage, Tool } from "../../src/modules/tools/tools.schemas.js";
import { createShopServices } from "../../src/shop-services.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// GET /api/admin/tools (issue 13, point 4): Manage Tools paged on the server, newest first, searched
// and filtered to the tools low on stock.

interface Listed {
  id: string;
  name: string;
  createdAt: Date;
  moq: number;
  aq: number;
}

let api: TestApi;
let admin: SignedInUser;
const listed: Listed[] = [];
let deletedId: string;

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  const fixture: Omit<Listed, "id">[] = [
    { name: "Claw Hammer", createdAt: at(0), moq: 20, aq: 900 },
    { name: "Ball Peen Hammer", createdAt: at(1), moq: 5, aq: 3 },
    { name: "Torque Wrench", createdAt: at(2), moq: 2, aq: 2 },
    { name: "Cordless Drill", createdAt: at(3), moq: 5, aq: 0 },
    // Ties on the listing time: the id decides.
    ...Array.from({ length: 9 }, (_, i) => ({ name: `Socket Set ${i}`, createdAt: at(4 + Math.floor(i / 3)), moq: 4, aq: i % 2 === 0 ? 1 : 40 })),
  ];
  for (const values of fixture) {
    const { name, createdAt, moq, aq } = values;
    listed.push({ id: await api.addTool({ name, createdAt, minOrderQuantity: moq, stock: aq, description: `${name} for the tests.` }), ...values });
  }
  deletedId = await api.addTool({ name: "Claw Hammer Deluxe", createdAt: at(30), minOrderQuantity: 5, stock: 0 });
  expect((await api.request("DELETE", `/tools/${deletedId}`, { token: admin.token })).status).toBe(200);
});
afterAll(() => api?.stop());

const get = (query: string, token: string | null = admin.token): Promise<ApiResponse<ManageToolsPage>> =>
  api.request("GET", `/admin/tools${query}`, { token });

async function ok(query: string): Promise<ManageToolsPage> {
  const response = await get(query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Follows `next` to the end; every page but the last is full. */
async function walk(query: Record<string, string>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const page = await ok(`?${params}`);
    ids.push(...page.tools.map((t) => t._id));
    if (page.next === null) return ids;
    expect(page.tools).toHaveLength(limit);
    cursor = page.next;
  }
  throw new Error("more than 50 pages");
}

const newestFirst = (a: Listed, b: Listed) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);
const expected = (keep: (t: Listed) => boolean = () => true) => listed.filter(keep).sort(newestFirst).map((t) => t.id);
const lowOnStock = (t: Listed) => t.aq < t.moq;

describe("Manage Tools' list", () => {
  it("when an admin asks for it, then it has every listed tool newest first, each with the date it was added, and not the deleted one", async () => {
    const page = await ok("");
    expect(page.tools.map((t) => t._id)).toEqual(expected());
    expect(page.next).toBeNull();
    const drill = listed.find((t) => t.name === "Cordless Drill")!;
    expect(page.tools.find((t) => t._id === drill.id)).toEqual<ManagedTool>({
      _id: drill.id,
      name: "Cordless Drill",
      img: "/images/tools/torque-wrench.svg",
      price: 25.99,
      description: "Cordless Drill for the tests.",
      moq: 5,
      aq: 0,
      createdAt: drill.createdAt.toISOString(),
    });
  });

  it("when it is read page by page, then the pages hold every tool once, in order, whatever the page size", async () => {
    for (const limit of [1, 2, 5]) expect(await walk({}, limit)).toEqual(expected());
  });

  it("when only tools low on stock are asked for, then it has exactly those whose stock is below their minimum order, paged alike", async () => {
    expect((await ok("?lowStock=true")).tools.map((t) => t._id)).toEqual(expected(lowOnStock));
    expect(await walk({ lowStock: "true" }, 2)).toEqual(expected(lowOnStock));
    expect((await ok("?lowStock=false")).tools.map((t) => t._id)).toEqual(expected());
  });

  it("when it is searched, then it finds tools by name as the catalogue does, a typo included, and the filter narrows the search", async () => {
    const named = (...names: string[]) => expected((t) => names.includes(t.name));
    expect((await ok("?q=hamer")).tools.map((t) => t._id)).toEqual(named("Ball Peen Hammer", "Claw Hammer"));
    expect((await ok("?q=HAMMER&lowStock=true")).tools.map((t) => t._id)).toEqual(named("Ball Peen Hammer"));
    expect(await walk({ q: "socket", lowStock: "true" }, 2)).toEqual(expected((t) => t.name.startsWith("Socket") && lowOnStock(t)));
    expect((await ok("?q=chainsaw")).tools).toEqual([]);
  });

  it("when the tools low on stock are counted (the admin's overview), then the count is what the filter lists", async () => {
    const { tools } = createShopServices(api.anotherInstanceStores());
    expect(await tools.countLowStock()).toBe(expected(lowOnStock).length);
  });

  it("when a restock lifts a tool's stock to its minimum order, then it leaves the low-stock list at once", async () => {
    const torque = listed.find((t) => t.name === "Torque Wrench")!;
    const ball = listed.find((t) => t.name === "Ball Peen Hammer")!;
    const restock = await api.request("POST", `/tools/${ball.id}/stock-movements`, { token: admin.token, body: { kind: "restock", quantity: 2 } });
    expect(restock.status).toBe(201);
    try {
      const low = (await ok("?lowStock=true")).tools.map((t) => t._id);
      expect(low).not.toContain(ball.id);
      expect(low).not.toContain(torque.id);
    } finally {
      await api.request("POST", `/tools/${ball.id}/stock-movements`, { token: admin.token, body: { kind: "correction", quantity: 2, reason: "Back as it was" } });
    }
  });

  it("when a cursor is made for another search or filter, or is not a cursor, then 400 names the cursor", async () => {
    const { next } = await ok("?limit=2");
    for (const query of [`?limit=2&lowStock=true&cursor=${next}`, `?limit=2&q=socket&cursor=${next}`, "?cursor=not-a-cursor"]) {
      const response = await get(query);
      expectProblem(response, 400);
      expect(response.body).toMatchObject({ code: "invalid_cursor", errors: [{ path: "querystring/cursor" }] });
    }
  });

  it.each(["?limit=0", "?limit=25", "?lowStock=yes", `?q=${"x".repeat(101)}`, "?after=abc", "?sort=name"])(
    "when it is asked with %s, then 400",
    async (query) => {
      expectValidationProblem(await get(query));
    },
  );

  it("when the contract's GET /api/tools (docs/product.md §8.2) is asked, then it still answers the plain list, without the dates", async () => {
    const plain = (await api.request<Tool[]>("GET", "/tools")).body;
    expect(plain.map((t) => t._id).sort()).toEqual(listed.map((t) => t.id).sort());
    for (const tool of plain) expect(Object.keys(tool).sort()).toEqual(["_id", "aq", "description", "img", "moq", "name", "price"]);
  });

  it("when the OpenAPI document is read, then it describes the admin calls of the tools", async () => {
    const { paths } = (await api.request("GET", "/openapi.json")).body;
    expect(paths["/api/admin/tools"].get.tags).toEqual(["tools"]);
    expect(paths["/api/admin/tools"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["cursor", "limit", "lowStock", "q"]);
    expect(paths["/api/tools/{id}"].patch.tags).toEqual(["tools"]);
    expect(Object.keys(paths["/api/tools/{id}"].patch.requestBody.content["application/json"].schema.properties).sort()).toEqual([
      "description",
      "img",
      "moq",
      "name",
      "price",
    ]);
    expect(paths["/api/tools/{id}/stock-movements"].post.responses).toHaveProperty("201");
    expect(paths["/api/tools/{id}/stock-movements"].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["before", "id", "limit"]);
  });

  it("when a buyer or a visitor asks for it, then 403 and 401", async () => {
    const buyer = await api.signUp();
    expectProblem(await get("", buyer.token), 403);
    expectProblem(await get("", null), 401);
  });
});
