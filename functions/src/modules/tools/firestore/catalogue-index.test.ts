import { describe, expect, it } from "vitest";
import { CatalogueIndex, type IndexedTool, type IndexQuery } from "./catalogue-index.js";
import { wordsOf } from "./catalogue-words.js";

const tool = (id: string, name: string, fields: Partial<IndexedTool> = {}): IndexedTool => ({
  id,
  nameLower: name.toLowerCase(),
  unitPriceCents: 100,
  createdAtMs: 1_000,
  stock: 10,
  minOrderQuantity: 1,
  listed: true,
  words: wordsOf(name),
  wordsEver: wordsOf(name),
  changedAtMs: 1_000,
  ...fields,
});

const query = (fields: Partial<IndexQuery> = {}): IndexQuery => ({ search: [], sort: "name", inStock: false, after: null, rows: 10, ...fields });

function indexOf(...tools: IndexedTool[]): CatalogueIndex {
  const index = new CatalogueIndex();
  for (const each of tools) index.put(each);
  return index;
}

describe("the catalogue's index in memory", () => {
  const hammer = tool("a", "Claw Hammer", { unitPriceCents: 300, createdAtMs: 3 });
  const saw = tool("b", "Hand Saw", { unitPriceCents: 100, createdAtMs: 1, stock: 0 });
  const drill = tool("c", "Drill", { unitPriceCents: 200, createdAtMs: 2, stock: 2, minOrderQuantity: 5 });

  it("when a page is asked in each sort, then the tools come in that order", () => {
    const index = indexOf(hammer, saw, drill);
    expect(index.pageIds(query({ sort: "name" }))).toEqual(["a", "c", "b"]);
    expect(index.pageIds(query({ sort: "price" }))).toEqual(["b", "c", "a"]);
    expect(index.pageIds(query({ sort: "listed" }))).toEqual(["b", "c", "a"]);
    expect(index.pageIds(query({ sort: "newest" }))).toEqual(["a", "c", "b"]);
  });

  it("when two tools tie on the sort, then the id decides, backwards for newest", () => {
    const index = indexOf(tool("x", "A", { createdAtMs: 5 }), tool("y", "B", { createdAtMs: 5 }));
    expect(index.pageIds(query({ sort: "listed" }))).toEqual(["x", "y"]);
    expect(index.pageIds(query({ sort: "newest" }))).toEqual(["y", "x"]);
  });

  it("when a page starts after a tool, then it starts right after it, even once that tool is deleted", () => {
    const index = indexOf(hammer, saw, drill);
    expect(index.pageIds(query({ sort: "price", after: "b", rows: 1 }))).toEqual(["c"]);
    index.put({ ...saw, listed: false, changedAtMs: 2_000 });
    expect(index.pageIds(query({ sort: "price", after: "b" }))).toEqual(["c", "a"]);
    expect(index.pageIds(query({ sort: "price" }))).toEqual(["c", "a"]);
  });

  it("when the cursor names a tool the index never had, then the page is empty", () => {
    expect(indexOf(hammer).pageIds(query({ after: "nope" }))).toEqual([]);
  });

  it("when filtered in stock or low on stock, then only those tools come", () => {
    const index = indexOf(hammer, saw, drill);
    expect(index.pageIds(query({ inStock: true }))).toEqual(["a"]);
    expect(index.pageIds(query({ lowStock: true }))).toEqual(["c", "b"]);
  });

  it("when searched, then every word must match as typed, as a prefix or as an alternative", () => {
    const index = indexOf(hammer, saw, drill);
    expect(index.pageIds(query({ search: [{ word: "hamm", alternatives: [] }] }))).toEqual(["a"]);
    expect(index.pageIds(query({ search: [{ word: "hamer", alternatives: ["hammer"] }] }))).toEqual(["a"]);
    expect(index.pageIds(query({ search: [{ word: "hamer", alternatives: [] }] }))).toEqual([]);
    expect(index.pageIds(query({ search: [{ word: "claw", alternatives: [] }, { word: "saw", alternatives: [] }] }))).toEqual([]);
    expect(index.qualifies("a", query({ search: [{ word: "cl", alternatives: [] }] }))).toBe(true);
  });

  it("when a tool is renamed, then it is found by its new words only, and its old words still correct typos", () => {
    const index = indexOf(hammer);
    index.put({ ...hammer, nameLower: "mallet", words: ["mallet"], wordsEver: ["claw", "hammer", "mallet"], changedAtMs: 2_000 });
    expect(index.pageIds(query({ search: [{ word: "hammer", alternatives: [] }] }))).toEqual([]);
    expect(index.pageIds(query({ search: [{ word: "mallet", alternatives: [] }] }))).toEqual(["a"]);
    expect(index.dictionary.alternatives("hamer")).toEqual(["hammer"]);
  });

  it("when an older copy of a tool comes after a newer one, then it is ignored", () => {
    const index = indexOf({ ...hammer, stock: 1, changedAtMs: 5_000 });
    expect(index.put({ ...hammer, stock: 9, changedAtMs: 4_000 })).toBe(false);
    expect(index.get("a")?.stock).toBe(1);
    expect(index.put({ ...hammer, stock: 1, changedAtMs: 5_000 })).toBe(false);
  });
});
