import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokenService } from "./tokens.js";

const SECRET = "unit-test-secret-that-is-at-least-32-characters";
const claims = { userId: "3f6c1a52-8f3e-4a59-9d0b-2a3f5c7e9b10", email: "buyer@example.com" };

describe("API tokens", () => {
  afterEach(() => vi.useRealTimers());

  it("accepts a token until its lifetime ends, also after it was verified once", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z"), toFake: ["Date"] });
    const tokens = createTokenService(SECRET, 60);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date("2026-11-22T10:00:59Z"));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date("2026-11-22T10:01:01Z"));
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a token signed with another secret, even one that differs only there", async () => {
    const ours = createTokenService(SECRET, 60);
    const theirs = createTokenService(`${SECRET}-other`, 60);
    expect(await ours.verify(await theirs.issue(claims))).toBeNull();
    const token = await ours.issue(claims);
    expect(await ours.verify(token)).toEqual(claims);
    expect(await ours.verify(`${token.slice(0, -2)}xx`)).toBeNull();
  });
});
