import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_PAGE_SIZE, type CataloguePage, type CatalogueSort, type Tool } from "../../src/modules/tools/tools.schemas.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// GET /api/catalogue (issue 12): search, sorts, the in-stock filter and cursor pages, on a real database.

interface Listed {
  id: string;
  name: string;
  priceCents: number;
  createdAt: Date;
  moq: number;
  aq: number;
}

let api: TestApi;
let admin: SignedInUser;
/** Every listed tool, as the database has it. */
const catalogue: Listed[] = [];
let deletedId: string;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

type Values = Omit<Listed, "id"> & { description: string };
const tool = (name: string, description: string, price: number, moq: number, aq: number, minute: number): Values => ({
  name,
  description,
  priceCents: price,
  moq,
  aq,
  createdAt: at(minute),
});

// Names whose first difference is a letter or a digit, so A to Z reads the same under any collation.
const FIXTURE: Values[] = [
  tool("Claw Hammer", "16 oz forged steel hammer with a fibreglass handle.", 1850, 20, 900, 0),
  tool("Ball Peen Hammer", "A machinist's hammer for shaping metal.", 2150, 5, 3, 1),
  tool("Adjustable Wrench", "250 mm chrome vanadium wrench opening to 30 mm.", 1425, 10, 650, 2),
  tool("Torque Wrench", "Half-inch drive, 20 to 200 Nm.", 2599, 2, 2, 3),
  tool("Cordless Drill", "18 V brushless drill driver with a 1/4 inch hex chuck.", 8999, 5, 0, 4),
  tool("Spirit Level", "600 mm aluminium level with three vials.", 999, 10, 400, 5),
  // Lower case: A to Z puts it between Ball Peen Hammer and Claw Hammer, not after every capital.
  tool("bench vise", "125 mm cast-iron vise with a swivel base.", 6825, 2, 90, 5),
  // Ties on every key but the id: same name, price and listing time.
  ...Array.from({ length: 4 }, () => tool("Utility Knife", "Retractable knife with ten spare blades.", 799, 1, 50, 6)),
  // Ties on price with Spirit Level, and on listing time in fours.
  ...Array.from({ length: 20 }, (_, i) =>
    tool(`Socket Set ${String(i).padStart(2, "0")}`, "Metric sockets in a steel case.", i % 2 === 0 ? 999 : 4500, 1, i % 3 === 0 ? 0 : 10, 7 + Math.floor(i / 4)),
  ),
];

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  for (const values of FIXTURE) {
    const { priceCents, moq, aq, ...rest } = values;
    const id = await api.addTool({ ...rest, unitPriceCents: priceCents, minOrderQuantity: moq, stock: aq, img: "/images/tools/socket-set.svg" });
    catalogue.push({ id, ...values });
  }
  deletedId = await api.addTool({ name: "Claw Hammer Deluxe", description: "A hammer taken off sale.", unitPriceCents: 500, createdAt: at(0) });
  expect((await api.request("DELETE", `/tools/${deletedId}`, { token: admin.token })).status).toBe(200);
});
afterAll(() => api?.stop());

type Params = Record<string, string | number | undefined>;

function get(params: Params): Promise<ApiResponse<CataloguePage>> {
  const query = new URLSearchParams(Object.entries(params).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]])));
  return api.request("GET", `/catalogue?${query}`);
}

async function ok(params: Params): Promise<CataloguePage> {
  const response = await get(params);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const names = (page: CataloguePage) => page.tools.map((t) => t.name);

/** Follows `next` to the end; every page but the last is full. */
async function walk(params: Params, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await ok({ ...params, limit, after });
    ids.push(...page.tools.map((t) => t._id));
    if (page.next === null) return ids;
    expect(page.tools).toHaveLength(limit);
    after = page.next;
  }
  throw new Error("more than 100 pages");
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const ORDERS: Record<CatalogueSort, (a: Listed, b: Listed) => number> = {
  name: (a, b) => compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.id, b.id),
  price: (a, b) => compare(a.priceCents, b.priceCents) || compare(a.id, b.id),
  newest: (a, b) => compare(b.createdAt.getTime(), a.createdAt.getTime()) || compare(b.id, a.id),
  listed: (a, b) => compare(a.createdAt.getTime(), b.createdAt.getTime()) || compare(a.id, b.id),
};
const SORTS = Object.keys(ORDERS) as CatalogueSort[];
const expected = (sort: CatalogueSort, keep: (t: Listed) => boolean = () => true) => catalogue.filter(keep).sort(ORDERS[sort]).map((t) => t.id);
const inStock = (t: Listed) => t.aq >= t.moq;
const named = (...wanted: string[]) => (t: Listed) => wanted.includes(t.name);

describe("searching the catalogue", () => {
  it("when the search has a typo, then it still finds the tools with the word it meant", async () => {
    expect(names(await ok({ q: "hamer" }))).toEqual(["Ball Peen Hammer", "Claw Hammer"]);
  });

  it("when the search is a word of the name, then it finds every tool with it, in any case", async () => {
    expect(names(await ok({ q: "wrench" }))).toEqual(["Adjustable Wrench", "Torque Wrench"]);
    expect(names(await ok({ q: "WRENCH" }))).toEqual(["Adjustable Wrench", "Torque Wrench"]);
  });

  it("when the search is a word of a description only, then it finds the tool", async () => {
    expect(names(await ok({ q: "vanadium" }))).toEqual(["Adjustable Wrench"]);
    expect(names(await ok({ q: "vanadum" }))).toEqual(["Adjustable Wrench"]);
  });

  it("when the search is the start of a word, then it finds the tools whose word it starts", async () => {
    expect(names(await ok({ q: "hamm" }))).toEqual(["Ball Peen Hammer", "Claw Hammer"]);
  });

  it("when the search has several words, then a tool must have every one of them", async () => {
    expect(names(await ok({ q: "claw hamer" }))).toEqual(["Claw Hammer"]);
    expect(names(await ok({ q: "  Claw   HAMMER " }))).toEqual(["Claw Hammer"]);
    expect(names(await ok({ q: "claw wrench" }))).toEqual([]);
  });

  it("when the search holds a code with punctuation, then it finds the tool that has it", async () => {
    expect(names(await ok({ q: "1/4" }))).toEqual(["Cordless Drill"]);
  });

  it("when nothing matches, then the page is empty and has no next", async () => {
    expect(await ok({ q: "xylophone" })).toEqual({ tools: [], next: null });
  });

  it("when the search is blank, or only punctuation, then every listed tool is there", async () => {
    for (const q of ["", "   ", "?!", undefined]) {
      expect(await walk({ q }, CATALOGUE_PAGE_SIZE)).toEqual(expected("name"));
    }
  });

  it("when the search holds the search syntax or SQL, then it is searched as words and nothing breaks", async () => {
    for (const q of ["'", "\\", "hammer:*", "!(wrench)", "a & b | c <-> d", "'); drop table tools; --", "%_%", "\u00e9t\u00e9 \u6f22\u5b57"]) {
      const response = await get({ q });
      expect(response.status, q).toBe(200);
    }
    expect(names(await ok({ q: "wrench:*" }))).toEqual(["Adjustable Wrench", "Torque Wrench"]);
  });

  it("when a tool is added with a new word, then a typo of that word finds it", async () => {
    const created = await api.request("POST", "/tools", {
      token: admin.token,
      body: { name: "Zephyr Grinder", price: 75, description: "Bench grinder.", moq: 1, aq: 5, img: "/images/tools/grinder.svg" },
    });
    expect(created.status).toBe(201);
    try {
      expect(names(await ok({ q: "zephir" }))).toEqual(["Zephyr Grinder"]);
    } finally {
      expect((await api.request("DELETE", `/tools/${created.body._id}`, { token: admin.token })).status).toBe(200);
    }
  });

  it("when a tool was deleted, then no search, sort or filter shows it", async () => {
    for (const sort of SORTS) {
      for (const params of [{ sort }, { sort, q: "hammer" }, { sort, q: "deluxe" }, { sort, inStock: "true" }]) {
        const ids = await walk(params, CATALOGUE_PAGE_SIZE);
        expect(ids).not.toContain(deletedId);
      }
    }
    expect(await ok({ q: "deluxe" })).toEqual({ tools: [], next: null });
  });
});

describe("sorting and filtering", () => {
  it.each(SORTS)("when sorted by %s, then the tools come in that order, ties broken by id", async (sort) => {
    expect(await walk({ sort }, CATALOGUE_PAGE_SIZE)).toEqual(expected(sort));
  });

  it("when no sort is given, then the tools come A to Z whatever their case", async () => {
    const page = await ok({});
    expect(page.tools.map((t) => t._id)).toEqual(expected("name").slice(0, CATALOGUE_PAGE_SIZE));
    expect(names(page).slice(0, 4)).toEqual(["Adjustable Wrench", "Ball Peen Hammer", "bench vise", "Claw Hammer"]);
  });

  it("when only tools in stock are asked for, then each shown has at least its minimum order, and none is left out", async () => {
    const ids = await walk({ inStock: "true" }, CATALOGUE_PAGE_SIZE);
    expect(ids).toEqual(expected("name", inStock));
    // Exactly its minimum order in stock is still in stock; below it, or none at all, is not.
    expect(ids).toContain(catalogue.find(named("Torque Wrench"))!.id);
    expect(ids).not.toContain(catalogue.find(named("Ball Peen Hammer"))!.id);
    expect(ids).not.toContain(catalogue.find(named("Cordless Drill"))!.id);
    expect(await walk({ inStock: "false" }, CATALOGUE_PAGE_SIZE)).toEqual(expected("name"));
  });

  it("when a search, a filter and a sort are combined, then all three apply", async () => {
    const page = await ok({ q: "socket", inStock: "true", sort: "price" });
    expect(page.tools.map((t) => t._id)).toEqual(expected("price", (t) => t.name.startsWith("Socket Set") && inStock(t)));
  });

  it("when the tools are listed as GET /api/tools lists them, then the home page's first 6 are the same tools", async () => {
    const listed = (await api.request<Tool[]>("GET", "/tools")).body;
    expect((await ok({ sort: "listed", limit: 6 })).tools).toEqual(listed.slice(0, 6));
  });
});

describe("pages", () => {
  it.each(SORTS)("when every page sorted by %s is walked, then each tool comes exactly once though the sort has ties", async (sort) => {
    for (const limit of [1, 2, 5]) {
      expect(await walk({ sort }, limit)).toEqual(expected(sort));
    }
    expect(await walk({ sort, inStock: "true" }, 3)).toEqual(expected(sort, inStock));
    expect(await walk({ sort, q: "socket" }, 3)).toEqual(expected(sort, (t) => t.name.startsWith("Socket Set")));
  });

  it("when no limit is given, then a page holds 24 tools and the last page says there is no next", async () => {
    const first = await ok({});
    expect(first.tools).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(first.next).toEqual(expect.any(String));
    const last = await ok({ after: first.next! });
    expect(last.tools).toHaveLength(catalogue.length - CATALOGUE_PAGE_SIZE);
    expect(last.next).toBeNull();
  });

  it("when the limit is 1 or 24, then it is used; 0, 25, a fraction or a word is a 400", async () => {
    expect((await ok({ limit: 1 })).tools).toHaveLength(1);
    expect((await ok({ limit: 24 })).tools).toHaveLength(24);
    for (const limit of ["0", "25", "-1", "1.5", "ten", ""]) expectValidationProblem(await get({ limit }));
  });

  it("when q is longer than 100 characters, then it is a 400; 100 is fine", async () => {
    expectValidationProblem(await get({ q: "a".repeat(101) }));
    expect((await get({ q: "a".repeat(100) })).status).toBe(200);
  });

  it("when the sort, the filter or another parameter is not one of the contract's, then it is a 400", async () => {
    for (const params of [{ sort: "rating" }, { inStock: "yes" }, { page: "2" }, { after: "" }, { after: "x".repeat(501) }]) {
      expectValidationProblem(await get(params));
    }
  });

  it("when the tool a cursor names has been deleted since, then the next page still starts right after it", async () => {
    const id = await api.addTool({ name: "Pipe Wrench", unitPriceCents: 1000, createdAt: at(30) });
    const cheapest = [...catalogue, { id, priceCents: 1000 } as Listed].sort(ORDERS.price);
    const position = cheapest.findIndex((t) => t.id === id);
    const before = await ok({ sort: "price", limit: position + 1 });
    expect(before.tools.at(-1)!._id).toBe(id);
    expect((await api.request("DELETE", `/tools/${id}`, { token: admin.token })).status).toBe(200);
    const after = await ok({ sort: "price", limit: 3, after: before.next! });
    expect(after.tools.map((t) => t._id)).toEqual(expected("price").slice(position, position + 3));
  });
});

describe("cursors that were not made for this query", () => {
  const cursorFor = async (params: Params) => (await ok({ ...params, limit: 2 })).next!;
  const encode = (text: string) => Buffer.from(text).toString("base64url");

  it("when the cursor is malformed or tampered with, then it is a 400 that says to start again, and the catalogue is unchanged", async () => {
    const valid = await cursorFor({ sort: "price" });
    const [version, key, id] = Buffer.from(valid, "base64url").toString().split(".");
    const bad = [
      "not a cursor",
      "%%%",
      encode("garbage"),
      encode(`${version}.${key}`),
      encode(`${version}.${key}.not-a-uuid`),
      encode(`c2.${key}.${id}`),
      encode(`${version}.${key}.${id}.extra`),
      encode(`${version}.${key}.${randomUUID()}`),
      `${valid}A`,
      valid.slice(0, -1),
    ];
    const before = await walk({ sort: "price" }, CATALOGUE_PAGE_SIZE);
    for (const after of bad) {
      const response: ApiResponse = await get({ sort: "price", after });
      expectProblem(response, 400);
      expect(response.body, after).toMatchObject({ code: "invalid_cursor", detail: expect.stringContaining("Start again from the first page") });
      expect(response.body.errors).toEqual([{ path: "querystring/after", message: expect.any(String) }]);
    }
    expect(await walk({ sort: "price" }, CATALOGUE_PAGE_SIZE)).toEqual(before);
  });

  it("when a cursor is used with another sort, search or filter, then it is a 400 naming that", async () => {
    const mismatches: [Params, Params][] = [
      [{ sort: "price" }, { sort: "name" }],
      [{ sort: "newest" }, { sort: "listed" }],
      [{ q: "socket" }, { q: "sockets" }],
      [{ q: "socket" }, {}],
      [{ inStock: "true" }, {}],
      [{}, { inStock: "true" }],
    ];
    for (const [made, used] of mismatches) {
      const response = await get({ ...used, after: await cursorFor(made) });
      expectProblem(response, 400);
      expect(response.body).toMatchObject({ code: "invalid_cursor", detail: expect.stringContaining("another search, sort or filter") });
    }
  });

  it("when the same search is typed in another case or spacing, then its cursor still works", async () => {
    const after = await cursorFor({ q: "socket set" });
    expect((await get({ q: "  SOCKET   Set ", after })).status).toBe(200);
    expect((await get({ q: "socket set", inStock: "false", after: await cursorFor({ q: "socket set" }) })).status).toBe(200);
  });
});

describe("the rest of the tools API", () => {
  it("when GET /api/tools and GET /api/tools/{id} are called, then they answer exactly as before: every listed tool, oldest first, with the contract's fields (docs/product.md §4.2)", async () => {
    const answer = await api.request<Tool[]>("GET", "/tools");
    expect(answer.status).toBe(200);
    expect(answer.body.map((t) => t._id)).toEqual(expected("listed"));
    for (const item of answer.body) expect(Object.keys(item).sort()).toEqual(["_id", "aq", "description", "img", "moq", "name", "price"]);
    const claw = catalogue.find(named("Claw Hammer"))!;
    expect((await api.request("GET", `/tools/${claw.id}`)).body).toEqual({
      _id: claw.id,
      name: "Claw Hammer",
      img: "/images/tools/socket-set.svg",
      price: 18.5,
      description: "16 oz forged steel hammer with a fibreglass handle.",
      moq: 20,
      aq: 900,
    });
  });

  it("when a catalogue page is answered, then each tool has exactly the fields of GET /api/tools", async () => {
    const listed = new Map((await api.request<Tool[]>("GET", "/tools")).body.map((t) => [t._id, t]));
    for (const item of (await ok({ sort: "price" })).tools) expect(item).toEqual(listed.get(item._id));
  });

  it("when the OpenAPI document is read, then it describes the catalogue call and its parameters", async () => {
    const { paths } = (await api.request("GET", "/openapi.json")).body;
    const call = paths["/api/catalogue"].get;
    expect(call.tags).toEqual(["tools"]);
    expect(call.description).toMatch(/next/);
    expect(call.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["after", "inStock", "limit", "q", "sort"]);
    expect(Object.keys(call.responses["200"].content["application/json"].schema.properties).sort()).toEqual(["next", "tools"]);
  });
});

describe("fresh pages", () => {
  it("when an order takes stock or a tool is deleted, then the pages this instance answers show it at once", async () => {
    const buyer = await api.signUp();
    const toolId = await api.addTool({ name: "Bolt Cutter", description: "Cuts bolts to 8 mm.", unitPriceCents: 3900, minOrderQuantity: 2, stock: 3, createdAt: at(40) });
    const bolt = async (params: Params = {}) => (await ok({ q: "bolt", ...params })).tools;
    expect((await bolt()).map((t) => t.aq)).toEqual([3]);
    expect((await bolt({ inStock: "true" })).map((t) => t._id)).toEqual([toolId]);

    // 3 - 2 leaves 1, below the minimum order of 2.
    await api.placeOrder(buyer, toolId, 2);
    expect((await bolt()).map((t) => t.aq)).toEqual([1]);
    expect(await bolt({ inStock: "true" })).toEqual([]);

    expect((await api.request("DELETE", `/tools/${toolId}`, { token: admin.token })).status).toBe(200);
    expect(await bolt()).toEqual([]);
  });
});
