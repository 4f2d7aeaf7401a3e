import { describe, expect, it } from "vitest";
import { wishKey } from "./wish-key.js";

describe("wishKey: the name under which wishes for the same tool meet", () => {
  it.each([
    ["Laser Level", "laser level"],
    ["LASER LEVEL", "laser level"],
    ["  laser   level  ", "laser level"],
    ["Laser-Level!", "laserlevel"],
    ["laser level.", "laser level"],
    ["Laser Levels", "laser level"],
    ["laser levels!!", "laser level"],
    ["Brad Nailer (18 ga.)", "brad nailer 18 ga"],
  ])("when a buyer writes %j, then the key is %j", (name, key) => {
    expect(wishKey(name)).toBe(key);
  });

  it("when two buyers spell the same tool differently, then their keys are the same", () => {
    expect(wishKey("Pipe Bender")).toBe(wishKey("pipe  benders"));
    expect(wishKey("Torque Wrench, 1/2\"")).toBe(wishKey("torque wrench 12"));
  });

  it.each([
    ["Glass Cutter Glass", "glass cutter glass"],
    ["Brass", "brass"],
    ["Drill bits 4s", "drill bits 4s"],
    ["Size s", "size s"],
  ])("when the name ends in %j, then no plural s is taken off (key %j)", (name, key) => {
    expect(wishKey(name)).toBe(key);
  });

  it("when names differ by more than case, punctuation, spacing or a plural s, then their keys differ", () => {
    expect(wishKey("Hammer")).not.toBe(wishKey("Hammer Drill"));
    expect(wishKey("Saw")).not.toBe(wishKey("Saws All"));
  });

  it("when a name has letters of other scripts, then they are kept, lower-cased; symbols and rare spaces are dropped", () => {
    expect(wishKey("Säge ÜBER")).toBe("säge über");
    expect(wishKey("ΣΦΥΡΊ")).toBe("σφυρί");
    expect(wishKey("Level ½ ² ™")).toBe("level");
    expect(wishKey("Laser\u00a0Level")).toBe("laserlevel");
  });

  it("when a name is only punctuation, then its key is empty", () => {
    expect(wishKey("?!…")).toBe("");
  });
});
