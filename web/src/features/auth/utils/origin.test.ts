import { describe, expect, it } from "vitest";
import { originOf } from "./origin";

describe("originOf", () => {
  it("when the login page was reached from a protected page, then sign-in returns there", () => {
    expect(originOf({ from: { pathname: "/dashboard/profile", search: "?tab=1", hash: "" } })).toBe("/dashboard/profile?tab=1");
  });

  it("when there is no origin, or it is a sign-in page, then sign-in goes home", () => {
    expect(originOf(null)).toBe("/");
    expect(originOf({ from: "elsewhere" })).toBe("/");
    expect(originOf({ from: { pathname: "/signup" } })).toBe("/");
  });
});
