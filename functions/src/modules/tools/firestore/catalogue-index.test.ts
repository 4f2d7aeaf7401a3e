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
  version: 1_000,
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
    index.put({ ...saw, listed: false, version: 2_000 });
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
    expect(index.pageIds(query({ search: [{ word: "cl", alternatives: [] }] }))).toEqual(["a"]);
  });

  it("when a tool is renamed, then it is found by its new words only, and its old words still correct typos", () => {
    const index = indexOf(hammer);
    index.put({ ...hammer, nameLower: "mallet", words: ["mallet"], wordsEver: ["claw", "hammer", "mallet"], version: 2_000 });
    expect(index.pageIds(query({ search: [{ word: "hammer", alternatives: [] }] }))).toEqual([]);
    expect(index.pageIds(query({ search: [{ word: "mallet", alternatives: [] }] }))).toEqual(["a"]);
    expect(index.dictionary.alternatives("hamer")).toEqual(["hammer"]);
  });

  it("when a copy of an earlier write comes after a later one, then it is ignored", () => {
    const index = indexOf({ ...hammer, stock: 1, version: 5_000 });
    expect(index.put({ ...hammer, stock: 9, version: 4_000 })).toBe(false);
    expect(index.get("a")?.stock).toBe(1);
    expect(index.put({ ...hammer, stock: 1, version: 5_000 })).toBe(false);
    expect(index.put({ ...hammer, stock: 2, version: 5_001 })).toBe(true);
    expect(index.get("a")?.stock).toBe(2);
  });

  it("when tools change after the orders were read, then every order stays in order", () => {
    const index = indexOf(hammer, saw, drill);
    for (const sort of ["name", "price", "listed", "newest"] as const) index.pageIds(query({ sort }));
    index.put({ ...saw, nameLower: "zig saw", unitPriceCents: 900, createdAtMs: 9, version: 2_000 });
    index.put(tool("d", "Bevel", { unitPriceCents: 150, createdAtMs: 0 }));
    index.forget("c");
    expect(index.pageIds(query({ sort: "name" }))).toEqual(["d", "a", "b"]);
    expect(index.pageIds(query({ sort: "price" }))).toEqual(["d", "a", "b"]);
    expect(index.pageIds(query({ sort: "listed" }))).toEqual(["d", "a", "b"]);
    expect(index.pageIds(query({ sort: "newest" }))).toEqual(["b", "a", "d"]);
  });

  it("when a tool is forgotten, then no search or page finds it, and its words still correct typos", () => {
    const index = indexOf(hammer, saw);
    index.pageIds(query({ search: [{ word: "ham", alternatives: [] }] }));
    index.forget("a");
    expect(index.pageIds(query())).toEqual(["b"]);
    expect(index.pageIds(query({ search: [{ word: "ham", alternatives: [] }] }))).toEqual([]);
    expect(index.dictionary.alternatives("hamer")).toEqual(["hammer"]);
  });

  it("when few tools of a large catalogue match, then their page is in the sort, after the cursor, filtered", () => {
    const many = Array.from({ length: 200 }, (_, i) => tool(`t${String(i).padStart(3, "0")}`, `Saw ${i}`, { unitPriceCents: 1_000 + i }));
    const chisels = [
      tool("c1", "Wood Chisel", { unitPriceCents: 300 }),
      tool("c2", "Cold Chisel", { unitPriceCents: 100 }),
      tool("c3", "Mortise Chisel", { unitPriceCents: 200, stock: 0 }),
      tool("c4", "Bevel Chisel", { unitPriceCents: 400 }),
    ];
    const index = indexOf(...many, ...chisels);
    const chisel = [{ word: "chisel", alternatives: [] }];
    expect(index.pageIds(query({ sort: "price", search: chisel }))).toEqual(["c2", "c3", "c1", "c4"]);
    expect(index.pageIds(query({ sort: "price", search: chisel, after: "c3", rows: 1 }))).toEqual(["c1"]);
    expect(index.pageIds(query({ sort: "name", search: chisel, inStock: true }))).toEqual(["c4", "c2", "c1"]);
    expect(index.pageIds(query({ sort: "price", search: [...chisel, { word: "cold", alternatives: [] }] }))).toEqual(["c2"]);
    index.put(tool("c5", "Chisel Chiseller", { unitPriceCents: 50 }));
    expect(index.pageIds(query({ sort: "price", search: [{ word: "chis", alternatives: [] }], rows: 2 }))).toEqual(["c5", "c2"]);
  });

  it("when a search's word matches most of the catalogue, then the page walks the order and each tool comes once", () => {
    const many = Array.from({ length: 50 }, (_, i) => tool(`t${String(i).padStart(2, "0")}`, `Saw Sawhorse ${i}`, { unitPriceCents: 1_000 - i }));
    const index = indexOf(...many, tool("x", "Drill"));
    const ids = index.pageIds(query({ sort: "price", search: [{ word: "saw", alternatives: [] }], rows: 60 }));
    expect(ids).toEqual(many.map((each) => each.id).reverse());
  });
});
