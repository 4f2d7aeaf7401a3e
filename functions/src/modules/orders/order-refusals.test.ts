import { describe, expect, it } from "vitest";
import { toProblem } from "../../lib/errors.js";
import { holdCoolingDown } from "./order-refusals.js";

describe("the refusal of a buyer who just let a tool go", () => {
  it("says in how long and from when, on the minute at or after the instant, and carries the instant as retryAt", () => {
    const problem = toProblem(holdCoolingDown(new Date("2026-11-25T15:04:30.250Z"), new Date("2026-11-25T14:06:00Z")));
    expect(problem).toEqual({
      type: "about:blank",
      status: 409,
      title: "Conflict",
      code: "hold_cooling_down",
      detail:
        "You recently cancelled an unpaid order of this tool, or let one lapse, so you cannot hold it unpaid again yet. You can order it again in 59 minutes, from November 25, 2026 at 3:05 PM UTC.",
      retryAt: "2026-11-25T15:04:30.250Z",
    });
  });

  it("counts a long wait in hours or days, and a last moment as a minute", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const detail = (retryAt: string) => holdCoolingDown(new Date(retryAt), now).detail;
    expect(detail("2026-11-25T12:00:10Z")).toContain("in 1 minute, from November 25, 2026 at 12:01 PM UTC.");
    expect(detail("2026-11-25T17:00:00Z")).toContain("in 5 hours, from November 25, 2026 at 5:00 PM UTC.");
    expect(detail("2026-12-01T12:00:00Z")).toContain("in 6 days, from December 1, 2026 at 12:00 PM UTC.");
  });
});
