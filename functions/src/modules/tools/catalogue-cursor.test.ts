import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { type CatalogueView, readCursor, writeCursor } from "./catalogue-cursor.js";

const ID = "3a4cc45b-b547-477a-9af8-7ec48dc49bee";
const VIEW: CatalogueView = { sort: "price", q: "claw hammer", inStock: true };

function refusal(view: CatalogueView, after: string): AppError {
  try {
    readCursor(view, after);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the cursor was accepted");
}

describe("catalogue cursors", () => {
  it("when a cursor comes back with the view it was made for, then it names the last tool", () => {
    expect(readCursor(VIEW, writeCursor(VIEW, ID))).toEqual({ after: ID });
  });

  it("when the search differs only in case and spaces, then the cursor still belongs to it", () => {
    expect(readCursor({ ...VIEW, q: "  Claw   HAMMER " }, writeCursor(VIEW, ID))).toEqual({ after: ID });
  });

  it("when a cursor is longer than a short search and id need, then it still fits the contract's 500 characters", () => {
    expect(writeCursor({ ...VIEW, q: "\u6f22".repeat(100) }, ID).length).toBeLessThan(100);
  });

  it.each<[string, Partial<CatalogueView>]>([
    ["sort", { sort: "name" }],
    ["search", { q: "claw" }],
    ["filter", { inStock: false }],
  ])("when the %s differs, then the cursor is refused as made for another query", (_, change) => {
    const error = refusal({ ...VIEW, ...change }, writeCursor(VIEW, ID));
    expect(error).toMatchObject({ status: 400, code: "invalid_cursor" });
    expect(error.detail).toMatch(/another search, sort or filter/);
  });

  it("when a view adds the low-stock filter, then its cursors are its own and the catalogue's views keep theirs", () => {
    const lowStock: CatalogueView = { ...VIEW, lowStock: true };
    expect(readCursor(lowStock, writeCursor(lowStock, ID))).toEqual({ after: ID });
    expect(refusal(VIEW, writeCursor(lowStock, ID))).toMatchObject({ code: "invalid_cursor" });
    expect(writeCursor({ ...VIEW, lowStock: false }, ID)).toBe(writeCursor(VIEW, ID));
    // The digest of a catalogue view, as cursors in links made before the filter carry it.
    expect(writeCursor(VIEW, ID)).toBe(Buffer.from(`c1.FUsOm8xMhY-E3NSb.${ID}`).toString("base64url"));
  });

  it("when Manage Tools' cursor is refused, then the problem names its own parameter", () => {
    expect(() => readCursor(VIEW, "!", "cursor")).toThrow(expect.objectContaining({ errors: [{ path: "querystring/cursor", message: expect.any(String) }] }));
  });

  it.each(["", "!", "abc", Buffer.from(`c1.x.${ID}`).toString("base64"), `${writeCursor(VIEW, ID)}=`])(
    "when the cursor is %j, then it is refused as not valid",
    (after) => {
      expect(refusal(VIEW, after)).toMatchObject({ status: 400, code: "invalid_cursor", errors: [{ path: "querystring/after" }] });
    },
  );
});
