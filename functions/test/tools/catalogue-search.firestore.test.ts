import { type Firestore, Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IndexQuery } from "../../src/modules/tools/firestore/catalogue-index.js";
import { CatalogueSearch, PAGE_READS_PER_ROW } from "../../src/modules/tools/firestore/catalogue-search.js";
import { wordsOf } from "../../src/modules/tools/firestore/catalogue-words.js";
import type { CataloguePageQuery, NewTool, ToolRecord } from "../../src/modules/tools/tools.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The catalogue's search on Firestore when the index has not seen a change: an instance whose clock
// is wrong stamps `changedAt` so that the feed's look misses it, or makes it look older than it is.

let testStores: TestStores;
let stores: Stores;
let db: Firestore;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
  db = testStores.firestore!;
});
afterAll(() => testStores?.close());

const aTool = (name: string, description: string): NewTool => ({
  name,
  img: "/images/tool.png",
  unitPriceCents: 1000,
  description,
  minOrderQuantity: 1,
  stock: 10,
});

async function insertSet(word: string, count: number): Promise<ToolRecord[]> {
  const made: ToolRecord[] = [];
  for (let i = 0; i < count; i++) {
    made.push(await stores.change(({ tx }) => stores.tools.insertTool(tx, aTool(`${word} ${String(i).padStart(2, "0")}`, `Part of the ${word} set.`))));
  }
  return made;
}

/** Renames a tool as an instance whose clock is `skewMs` off writes it, straight to its document. */
async function renameAsSkewedWriter(id: string, name: string, skewMs: number): Promise<void> {
  const description = "Another set entirely.";
  const ref = db.collection("tools").doc(id);
  const words = ((await ref.get()).get("words") as string[]) ?? [];
  await ref.update({
    name,
    nameLower: name.toLowerCase(),
    description,
    words: [...new Set([...words, ...wordsOf(`${name} ${description}`)])],
    changedAt: Timestamp.fromMillis(Date.now() + skewMs),
  });
}

/** The search with a Firestore that counts the documents its pages read by id. */
function countingSearch() {
  const counted = { documents: 0 };
  const counting = new Proxy(db, {
    get(target, key) {
      if (key === "getAll") {
        return async (...args: Parameters<Firestore["getAll"]>) => {
          const snapshots = await target.getAll(...args);
          counted.documents += snapshots.length;
          return snapshots;
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { search: new CatalogueSearch(counting), counted };
}

const pageOf = (word: string, fields: Partial<Omit<CataloguePageQuery, "search">> = {}): IndexQuery => ({
  search: [{ word, alternatives: [] }],
  sort: "name",
  inStock: false,
  after: null,
  rows: 5,
  ...fields,
});

/** Every page of a search, `limit` tools at a time as the API asks for them (one more, to know whether another follows). */
async function allPages(search: CatalogueSearch, word: string, limit: number): Promise<{ pages: string[][]; names: string[] }> {
  const pages: string[][] = [];
  let after: string | null = null;
  for (;;) {
    const found = await search.page(pageOf(word, { after, rows: limit + 1 }));
    const page = found.slice(0, limit);
    pages.push(page.map((tool) => tool.name));
    if (found.length <= limit) return { pages, names: pages.flat() };
    after = page.at(-1)!.id;
  }
}

describe("a searched page on Firestore", () => {
  it("when tools on its way left the search unseen by the index, then the page is still full and every page follows", async () => {
    const set = await insertSet("Quokka", 12);
    const { search, counted } = countingSearch();
    expect((await search.page(pageOf("quokka"))).map((tool) => tool.name)).toEqual(["Quokka 00", "Quokka 01", "Quokka 02", "Quokka 03", "Quokka 04"]);
    // Each read of the page brings the next of these into it: 00 leaves, then 05, 06 and 07 in turn.
    for (const i of [0, 5, 6, 7]) await renameAsSkewedWriter(set[i]!.id, `Wombat ${i}`, -60_000);

    counted.documents = 0;
    const first = await search.page(pageOf("quokka", { rows: 5 }));
    expect(first.map((tool) => tool.name)).toEqual(["Quokka 01", "Quokka 02", "Quokka 03", "Quokka 04", "Quokka 08"]);
    expect(counted.documents).toBeLessThanOrEqual(PAGE_READS_PER_ROW * 5);

    const { pages, names } = await allPages(search, "quokka", 4);
    expect(pages.map((page) => page.length)).toEqual([4, 4]);
    expect(names).toEqual(["01", "02", "03", "04", "08", "09", "10", "11"].map((n) => `Quokka ${n}`));
  });

  it("when more tools on its way changed than its reads allow, then it reads no more than its bound and shows only tools that match", async () => {
    const set = await insertSet("Numbat", 20);
    const { search, counted } = countingSearch();
    await search.page(pageOf("numbat"));
    for (const tool of set.slice(0, 16)) await renameAsSkewedWriter(tool.id, `Dingo ${tool.name.slice(-2)}`, -60_000);

    counted.documents = 0;
    const found = await search.page(pageOf("numbat", { rows: 5 }));
    expect(counted.documents).toBeLessThanOrEqual(PAGE_READS_PER_ROW * 5);
    expect(found.every((tool) => tool.name.startsWith("Numbat"))).toBe(true);
    // The index now knows those 16 left: the next page is whole again.
    expect((await search.page(pageOf("numbat", { rows: 5 }))).map((tool) => tool.name)).toEqual(["Numbat 16", "Numbat 17", "Numbat 18", "Numbat 19"]);
  });
});

describe("the search's index on Firestore", () => {
  it("when an instance whose clock runs ahead wrote a tool, then a later change by another instance still reaches the search", async () => {
    const [tool] = await insertSet("Bilby", 1);
    await renameAsSkewedWriter(tool!.id, "Bilby Saw", 60_000);
    const search = new CatalogueSearch(db);
    expect((await search.page(pageOf("bilby"))).map((found) => found.name)).toEqual(["Bilby Saw"]);

    await stores.change(({ tx }) => stores.tools.updateTool(tx, tool!.id, { name: "Wallaby Saw", description: "Renamed." }));
    expect((await search.page(pageOf("wallaby"))).map((found) => found.name)).toEqual(["Wallaby Saw"]);
    expect(await search.page(pageOf("bilby"))).toEqual([]);
    expect(await search.words("walaby")).toEqual([{ word: "walaby", alternatives: ["wallaby"] }]);
  });

  it("when a tool's stock is taken by a later change than the skewed one, then the in-stock filter follows it", async () => {
    const [tool] = await insertSet("Potoroo", 1);
    await db.collection("tools").doc(tool!.id).update({ changedAt: Timestamp.fromMillis(Date.now() + 60_000) });
    const search = new CatalogueSearch(db);
    expect(await search.page(pageOf("potoroo", { inStock: true }))).toHaveLength(1);
    await stores.change(({ tx }) => stores.tools.takeStock(tx, tool!.id, 10));
    expect(await search.page(pageOf("potoroo", { inStock: true }))).toEqual([]);
  });
});
