import { describe, expect, it } from "vitest";
import { toTsquery } from "./catalogue-search.js";

describe("search words as a tsquery", () => {
  it("when words have corrections, then each word matches as typed, as a prefix or as a correction, and all must match", () => {
    expect(toTsquery([{ word: "claw", alternatives: [] }, { word: "hamer", alternatives: ["hammer", "hamper"] }])).toBe(
      "('claw':*) & ('hamer':* | 'hammer' | 'hamper')",
    );
  });

  it("when a word holds a quote or a backslash, then it is quoted so the tsquery reads it as one word", () => {
    expect(toTsquery([{ word: "o'brien\\x", alternatives: [] }])).toBe("('o''brien\\\\x':*)");
  });
});
