import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry, parseExpiry } from "./card-input";
import { intentIdFromClientSecret } from "./payment-client";

describe("card input", () => {
  it.each([
    ["4242424242424242", "4242 4242 4242 4242"],
    ["4242 4242-4242x4242", "4242 4242 4242 4242"],
    ["42424", "4242 4"],
    ["4242", "4242"],
    ["12345678901234567890123", "1234 5678 9012 3456 789"],
  ])("when the card number typed is %j, then it shows %j", (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });

  it.each([
    ["1", "1"],
    ["4", "04"],
    ["12", "12"],
    ["123", "12 / 3"],
    ["1234", "12 / 34"],
    ["12 / 345", "12 / 34"],
    ["12 /", "12"],
  ])("when the expiry typed is %j, then it shows %j", (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it("when the expiry is complete, then it gives the month and the year; a missing part is null", () => {
    expect(parseExpiry("12 / 34")).toEqual({ expMonth: 12, expYear: 34 });
    expect(parseExpiry("12 / 3")).toEqual({ expMonth: 12, expYear: null });
    expect(parseExpiry("")).toEqual({ expMonth: null, expYear: null });
  });

  it("when a client secret is read, then the intent id is the part before _secret_", () => {
    expect(intentIdFromClientSecret("pi_sandbox_0a1b_secret_ffee")).toBe("pi_sandbox_0a1b");
    expect(intentIdFromClientSecret("pi_3Ab_secret_Xy")).toBe("pi_3Ab");
  });
});
