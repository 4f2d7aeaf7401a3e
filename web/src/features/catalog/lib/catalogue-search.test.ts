import { describe, expect, it } from "vitest";
import { catalogueParams, catalogueSearchParams, readCatalogueSearch, readEarlierCursors } from "./catalogue-search";

const read = (query: string) => readCatalogueSearch(new URLSearchParams(query));

describe("the catalogue search in the URL", () => {
  it.each([
    ["", { q: "", sort: "name", inStock: false }],
    ["q=%20hamer%20&sort=price&inStock=true&after=c2", { q: "hamer", sort: "price", inStock: true, after: "c2" }],
    ["sort=listed", { q: "", sort: "name", inStock: false }],
    ["sort=cheapest&inStock=yes&after=", { q: "", sort: "name", inStock: false }],
  ])("when the query string is %j, then the search is %j", (query, search) => {
    expect(read(query)).toEqual(search);
  });

  it("when a search is written back, then defaults are left out and what is read back is the same search", () => {
    expect(catalogueSearchParams({ q: "", sort: "name", inStock: false }).toString()).toBe("");
    const search = { q: "claw & hammer", sort: "newest", inStock: true, after: "c/2=" } as const;
    const written = catalogueSearchParams(search).toString();
    expect(written).toBe("q=claw+%26+hammer&sort=newest&inStock=true&after=c%2F2%3D");
    expect(read(written)).toEqual(search);
  });

  it("when a search is asked of the API, then blank words and an unticked filter are not sent, and the sort always is", () => {
    expect(catalogueParams({ q: "", sort: "name", inStock: false })).toEqual({ sort: "name" });
    expect(catalogueParams({ q: "saw", sort: "price", inStock: true, after: "c2" })).toEqual({ q: "saw", sort: "price", inStock: "true", after: "c2" });
  });

  it.each([
    [{ cursors: ["", "c2"] }, ["", "c2"]],
    [{ cursors: [] }, []],
    [null, null],
    [{ from: "/login" }, null],
    [{ cursors: ["", 3] }, null],
  ])("when the history state is %j, then the earlier pages are %j", (state, cursors) => {
    expect(readEarlierCursors(state)).toEqual(cursors);
  });
});
