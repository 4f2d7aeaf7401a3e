import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CatalogueSort } from "../../src/modules/tools/tools.schemas.js";
import type { CataloguePageQuery, NewTool, SearchWord, ToolRecord } from "../../src/modules/tools/tools.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

let testStores: TestStores;
let stores: Stores;
let adminId: string;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
  // The ledger names the admin who made a movement by their account's id.
  adminId = (
    await stores.change(({ tx }) =>
      stores.users.insertAccount(tx, { firebaseUid: `uid-${randomUUID()}`, email: `admin-${randomUUID()}@example.com`, name: "Admin", role: "admin" }),
    )
  ).id;
});
afterAll(() => testStores?.close());

const aTool = (fields: Partial<NewTool> = {}): NewTool => ({
  name: "Tool",
  img: "/images/tool.png",
  unitPriceCents: 1000,
  description: "A tool",
  minOrderQuantity: 1,
  stock: 10,
  ...fields,
});

const insert = (fields: Partial<NewTool> = {}) => stores.change(({ tx }) => stores.tools.insertTool(tx, aTool(fields)));

/** A tool's stock as the lock reads it. */
const stockOf = async (id: string) => (await stores.change(({ tx }) => stores.tools.lockListedTool(tx, id)))?.stock;

const take = (id: string, quantity: number) => stores.change(({ tx }) => stores.tools.takeStock(tx, id, quantity));

const move = (toolId: string, change: number, kind: "restock" | "correction" = change >= 0 ? "restock" : "correction") =>
  stores.change(({ tx }) => stores.tools.moveStock(tx, { toolId, kind, change, reason: `move ${change}`, actorId: adminId }));

/** The whole ledger, newest first, read in pages of `rows`. */
async function ledgerOf(toolId: string, rows = 2) {
  const all = [];
  let before: number | undefined;
  for (;;) {
    const page = await stores.tools.listMovements(toolId, { before, rows });
    all.push(...page);
    if (page.length < rows) return all;
    before = page.at(-1)!.id;
  }
}

const search = async (q: string) => stores.tools.searchWords(q);

const page = (fields: Partial<CataloguePageQuery>) =>
  stores.tools.cataloguePage({ search: null, sort: "name", inStock: false, after: null, rows: 100, ...fields });

/** Every page of a view, `rows` at a time, each starting after the last tool of the one before. */
async function allPages(fields: Partial<CataloguePageQuery>, rows = 2): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (;;) {
    const found = await page({ ...fields, after, rows: rows + 1 });
    ids.push(...found.slice(0, rows).map((tool) => tool.id));
    if (found.length <= rows) return ids;
    after = found[rows - 1]!.id;
  }
}

const byId = (a: ToolRecord, b: ToolRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ORDERS: Record<CatalogueSort, (a: ToolRecord, b: ToolRecord) => number> = {
  name: (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : byId(a, b)),
  price: (a, b) => a.unitPriceCents - b.unitPriceCents || byId(a, b),
  listed: (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b),
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(b, a),
};

describe("tools: insert, find, list, edit, delete", () => {
  it("when a tool is inserted, then it is found and listed as it was given, with its listing time", async () => {
    const before = Date.now();
    const tool = await insert({ name: "Spirit Level", unitPriceCents: 1999, description: "Bubble level", minOrderQuantity: 2, stock: 7 });
    expect(tool).toEqual({
      id: expect.any(String),
      name: "Spirit Level",
      img: "/images/tool.png",
      unitPriceCents: 1999,
      description: "Bubble level",
      minOrderQuantity: 2,
      stock: 7,
      createdAt: expect.any(Date),
    });
    expect(tool.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await stores.tools.findListed(tool.id)).toEqual(tool);
    expect(await stores.tools.toolEverExisted(tool.id)).toBe(true);
    expect((await stores.tools.listListed(1000)).map((each) => each.id)).toContain(tool.id);
  });

  it("when tools are listed, then they come in listing order (time, then id), at most the limit", async () => {
    await stores.change(async ({ tx }) => {
      for (const name of ["Listed A", "Listed B", "Listed C"]) await stores.tools.insertTool(tx, aTool({ name }));
    });
    const listed = await stores.tools.listListed(1000);
    expect(listed.map((tool) => tool.id)).toEqual([...listed].sort(ORDERS.listed).map((tool) => tool.id));
    expect(await stores.tools.listListed(2)).toEqual(listed.slice(0, 2));
  });

  it("when several tools are found by id at once, then the listed ones come, and deleted, unknown and impossible ids do not", async () => {
    const [first, second, gone] = [await insert({ name: "By Id A" }), await insert({ name: "By Id B" }), await insert({ name: "By Id Gone" })];
    await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, gone.id));
    const found = await stores.tools.findListedByIds([second.id, gone.id, randomUUID(), "a/b", "", first.id, second.id]);
    expect([...found].sort(byId)).toEqual([first, second].sort(byId));
    expect(await stores.tools.findListedByIds([])).toEqual([]);
  });

  it("when an id names no tool or cannot name one, then nothing is found and nothing throws", async () => {
    for (const id of [randomUUID(), "", "a/b", "..", "__x__", "x".repeat(1600)]) {
      expect(await stores.tools.findListed(id)).toBeNull();
      expect(await stores.tools.toolEverExisted(id)).toBe(false);
      expect(await stores.change(({ tx }) => stores.tools.lockListedTool(tx, id))).toBeNull();
      expect(await stores.change(({ tx }) => stores.tools.lockToolForEdit(tx, id))).toBeNull();
      expect(await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, id))).toBe(false);
    }
    const missing = randomUUID();
    expect(await stores.tools.listMovements(missing, { rows: 10 })).toEqual([]);
    expect(await page({ after: missing })).toEqual([]);
    expect(await page({ after: missing, search: [{ word: "tool", alternatives: [] }] })).toEqual([]);
  });

  it("when a locked tool is edited, then the edit is kept and the rest is not", async () => {
    const tool = await insert({ name: "Old Name", stock: 3, minOrderQuantity: 1 });
    const edited = await stores.change(async ({ tx }) => {
      const locked = await stores.tools.lockToolForEdit(tx, tool.id);
      expect(locked).toEqual(tool);
      return stores.tools.updateTool(tx, tool.id, { name: "New Name", unitPriceCents: 555, minOrderQuantity: 5 });
    });
    expect(edited).toEqual({ ...tool, name: "New Name", unitPriceCents: 555, minOrderQuantity: 5 });
    expect(await stores.tools.findListed(tool.id)).toEqual(edited);
  });

  it("when a tool is deleted, then it is no longer listed, found or locked, but it existed; a second removal finds it gone", async () => {
    const tool = await insert({ name: "Gone Tool" });
    expect(await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id))).toBe(true);
    expect(await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id))).toBe(false);
    expect(await stores.tools.findListed(tool.id)).toBeNull();
    expect(await stores.tools.toolEverExisted(tool.id)).toBe(true);
    expect(await stores.change(({ tx }) => stores.tools.lockListedTool(tx, tool.id))).toBeNull();
    expect(await stores.change(({ tx }) => stores.tools.lockToolForEdit(tx, tool.id))).toBeNull();
    expect((await stores.tools.listListed(1000)).map((each) => each.id)).not.toContain(tool.id);
  });

  it("when two removals of one tool run at once, then exactly one removes it", async () => {
    const tool = await insert({ name: "Raced Removal" });
    const results = await Promise.all([1, 2].map(() => stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id))));
    expect(results.sort()).toEqual([false, true]);
  });
});

describe("stock and its ledger", () => {
  it("when a tool is inserted, then its ledger starts with its whole stock, by no one", async () => {
    const tool = await insert({ stock: 12 });
    expect(await stores.tools.listMovements(tool.id, { rows: 10 })).toEqual([
      { id: expect.any(Number), toolId: tool.id, kind: "initial", quantity: 12, reason: "", actorId: null, createdAt: expect.any(Date) },
    ]);
    expect(await stockOf(tool.id)).toBe(12);
  });

  it("when stock is taken, returned and moved, then the ledger accounts for every unit, newest first", async () => {
    const tool = await insert({ stock: 10, minOrderQuantity: 2 });
    await take(tool.id, 4);
    await stores.change(({ tx }) => stores.tools.returnStock(tx, tool.id, 1));
    const restock = await move(tool.id, 5);
    expect(restock).toEqual({
      movement: { id: expect.any(Number), toolId: tool.id, kind: "restock", quantity: 5, reason: "move 5", actorId: adminId, createdAt: expect.any(Date) },
      stock: 12,
    });
    const correction = await move(tool.id, -2);
    expect(correction.stock).toBe(10);
    expect(correction.movement.id).toBeGreaterThan(restock.movement.id);
    expect(await stockOf(tool.id)).toBe(10);

    const ledger = await ledgerOf(tool.id);
    expect(ledger.map((movement) => [movement.kind, movement.quantity])).toEqual([
      ["correction", -2],
      ["restock", 5],
      ["initial", 10],
    ]);
    // The sum of a tool's movements is its stock plus the units orders hold (4 taken, 1 given back).
    const held = 4 - 1;
    expect(ledger.reduce((sum, movement) => sum + movement.quantity, 0)).toBe(10 + held);
  });

  it("when the ledger is read before a movement, then it starts with the one before it", async () => {
    const tool = await insert({ stock: 1 });
    const moves = [];
    for (const change of [1, 2, 3]) moves.push((await move(tool.id, change)).movement);
    const page = await stores.tools.listMovements(tool.id, { before: moves[2]!.id, rows: 1 });
    expect(page).toEqual([moves[1]]);
    expect((await stores.tools.listMovements(tool.id, { rows: 10 })).map((movement) => movement.quantity)).toEqual([3, 2, 1, 1]);
  });

  it("when a change would leave a stock below zero, then it fails whole and the stock stays", async () => {
    const tool = await insert({ stock: 3 });
    await expect(take(tool.id, 4)).rejects.toThrow();
    await expect(move(tool.id, -4)).rejects.toThrow();
    await expect(
      stores.change(async ({ tx }) => {
        await stores.tools.takeStock(tx, tool.id, 2);
        await stores.tools.takeStock(tx, tool.id, 2);
      }),
    ).rejects.toThrow();
    expect(await stockOf(tool.id)).toBe(3);
    expect(await stores.tools.listMovements(tool.id, { rows: 10 })).toHaveLength(1);
    await take(tool.id, 3);
    expect(await stockOf(tool.id)).toBe(0);
  });

  it("when two changes each take what only one of them can, then exactly one wins", async () => {
    const tool = await insert({ stock: 5 });
    const takeThree = () =>
      stores.change(async ({ tx }) => {
        const locked = await stores.tools.lockListedTool(tx, tool.id);
        if (!locked || locked.stock < 3) throw new Error("sold out");
        await stores.tools.takeStock(tx, tool.id, 3);
      });
    const results = await Promise.allSettled([takeThree(), takeThree()]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await stockOf(tool.id)).toBe(2);
  });

  it("when stock is returned to a deleted tool, then it goes back on its shelf", async () => {
    const tool = await insert({ stock: 5 });
    await take(tool.id, 2);
    await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id));
    await stores.change(({ tx }) => stores.tools.returnStock(tx, tool.id, 2));
    expect((await move(tool.id, 0, "correction")).stock).toBe(5);
  });

  it("when tools fall below their minimum order or climb back, then the low-stock count follows", async () => {
    const before = await stores.tools.countLowStock();
    const tool = await insert({ stock: 4, minOrderQuantity: 5 });
    expect(await stores.tools.countLowStock()).toBe(before + 1);
    await move(tool.id, 1);
    expect(await stores.tools.countLowStock()).toBe(before);
    await take(tool.id, 1);
    expect(await stores.tools.countLowStock()).toBe(before + 1);
    await stores.change(({ tx }) => stores.tools.updateTool(tx, tool.id, { minOrderQuantity: 4 }));
    expect(await stores.tools.countLowStock()).toBe(before);
    await take(tool.id, 4);
    await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id));
    expect(await stores.tools.countLowStock()).toBe(before);
  });
});

describe("the catalogue's pages", () => {
  const kit = (name: string, unitPriceCents: number, stock: number, minOrderQuantity = 1): NewTool =>
    aTool({ name, unitPriceCents, stock, minOrderQuantity, description: `Part of the zebrakit set: ${name}` });
  let tools: ToolRecord[];
  const onlyKit = (ids: string[]) => ids.filter((id) => tools.some((tool) => tool.id === id));
  const zebra: SearchWord[] = [{ word: "zebrakit", alternatives: [] }];

  beforeAll(async () => {
    tools = [];
    // Several in one change, so some share a listing time and the id decides.
    tools.push(
      ...(await stores.change(async ({ tx }) => {
        const made = [];
        for (const tool of [kit("Mitre Saw", 8900, 4), kit("adjustable Wrench", 1500, 0), kit("Bench Vise", 1500, 9, 10)]) {
          made.push(await stores.tools.insertTool(tx, tool));
        }
        return made;
      })),
    );
    for (const tool of [kit("Sledge Mallet", 2500, 20), kit("Chisel", 1200, 3, 2), kit("Tape Measure", 900, 1)]) {
      tools.push(await stores.change(({ tx }) => stores.tools.insertTool(tx, tool)));
    }
  });

  it.each(["name", "price", "listed", "newest"] as const)("when every page is read sorted by %s, then each tool comes once, in order", async (sort) => {
    const listed = await stores.tools.listListed(1000);
    expect(await allPages({ sort })).toEqual([...listed].sort(ORDERS[sort]).map((tool) => tool.id));
    expect(await allPages({ sort, search: zebra })).toEqual([...tools].sort(ORDERS[sort]).map((tool) => tool.id));
  });

  it("when only tools in stock are asked for, then those whose stock reaches their minimum order come", async () => {
    const inStock = tools.filter((tool) => tool.stock >= tool.minOrderQuantity).sort(ORDERS.price).map((tool) => tool.id);
    expect(onlyKit(await allPages({ sort: "price", inStock: true }))).toEqual(inStock);
    expect(await allPages({ sort: "price", inStock: true, search: zebra })).toEqual(inStock);
  });

  it("when only tools low on stock are asked for, then those below their minimum order come, newest first", async () => {
    const low = tools.filter((tool) => tool.stock < tool.minOrderQuantity).sort(ORDERS.newest).map((tool) => tool.id);
    expect(low).toHaveLength(2);
    expect(onlyKit(await allPages({ sort: "newest", lowStock: true }))).toEqual(low);
    expect(await allPages({ sort: "newest", lowStock: true, search: zebra }, 1)).toEqual(low);
  });

  it("when the tool a page ended with is deleted, then the next page still starts right after it", async () => {
    const extra = await stores.change(({ tx }) => stores.tools.insertTool(tx, kit("Zz Cursor Tool", 1000, 5)));
    const byName = [...tools, extra].sort(ORDERS.name).map((tool) => tool.id);
    const at = byName.indexOf(extra.id);
    await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, extra.id));
    const rest = byName.slice(at + 1);
    expect(onlyKit((await page({ sort: "name", after: extra.id })).map((tool) => tool.id))).toEqual(rest);
    expect((await page({ sort: "name", after: extra.id, search: zebra })).map((tool) => tool.id)).toEqual(rest);
  });

  it("when a page is read, then its records are as the tools are now", async () => {
    const [chisel] = tools.filter((tool) => tool.name === "Chisel");
    await take(chisel!.id, 1);
    const found = await page({ search: [{ word: "chisel", alternatives: [] }] });
    expect(found).toEqual([{ ...chisel, stock: 2 }]);
    await stores.change(({ tx }) => stores.tools.returnStock(tx, chisel!.id, 1));
    expect(await page({ search: [{ word: "chisel", alternatives: [] }] })).toEqual([chisel]);
  });
});

describe("the catalogue's search", () => {
  let hammer: ToolRecord;
  beforeAll(async () => {
    hammer = await insert({ name: "Claw Hammer", description: "Drives nails and pulls them" });
    await insert({ name: "Pipe Wrench", description: "Grips round pipes" });
    await insert({ name: "Work Bench", description: "Sturdy oak top" });
  });

  const found = async (q: string) => (await page({ search: await search(q) })).map((tool) => tool.name);

  it("when a search has a typo, then its word comes with the catalogue's words it may mean, and finds the tool", async () => {
    const [hamer] = await search("hamer");
    expect(hamer!.word).toBe("hamer");
    expect(hamer!.alternatives[0]).toBe("hammer");
    expect(await found("hamer")).toEqual(["Claw Hammer"]);
  });

  it("when a word starts a longer word, then it finds the tool", async () => {
    expect(await search("hamm")).toEqual([{ word: "hamm", alternatives: expect.any(Array) }]);
    expect(await page({ search: [{ word: "hamm", alternatives: [] }] })).toEqual([hammer]);
  });

  it("when the catalogue has a word, or it is short, then it comes alone", async () => {
    expect(await search("Wrench")).toEqual([{ word: "wrench", alternatives: [] }]);
    expect(await search("ha")).toEqual([{ word: "ha", alternatives: [] }]);
  });

  it("when a search has several words, then they come once each, spelled as the catalogue's, and all must match", async () => {
    expect(await search("Hammer, CLAW hammer!")).toEqual([
      { word: "claw", alternatives: [] },
      { word: "hammer", alternatives: [] },
    ]);
    expect(await found("claw hammer")).toEqual(["Claw Hammer"]);
    expect(await found("claw pipes")).toEqual([]);
    expect(await found("nails")).toEqual(["Claw Hammer"]);
  });

  it("when a search has no words, then there are none", async () => {
    expect(await search("  ,, ")).toEqual([]);
  });

  it("when a tool's words are edited away, then they still correct typos but no longer find it", async () => {
    const tool = await insert({ name: "Quixotic Gadget", description: "Odd" });
    await stores.change(({ tx }) => stores.tools.updateTool(tx, tool.id, { name: "Plain Gadget" }));
    expect((await search("quixotc"))[0]!.alternatives).toContain("quixotic");
    expect(await found("quixotic")).toEqual([]);
    expect(await found("gadget")).toEqual(["Plain Gadget"]);
  });

  it("when a tool is deleted, then no search finds it", async () => {
    const tool = await insert({ name: "Vanishing Clamp", description: "Gone soon" });
    expect(await found("vanishing")).toEqual(["Vanishing Clamp"]);
    await stores.change(({ tx }) => stores.tools.markToolDeleted(tx, tool.id));
    expect(await found("vanishing")).toEqual([]);
  });
});
