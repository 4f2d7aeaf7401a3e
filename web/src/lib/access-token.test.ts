import { describe, expect, it, vi } from "vitest";
import { accessToken } from "./access-token";

const jwt = (payload: object) => `header.${btoa(JSON.stringify(payload)).replace(/=+$/, "")}.signature`;

describe("accessToken", () => {
  it("when a token is stored, then it is in localStorage under accessToken and listeners hear of it", () => {
    const listener = vi.fn();
    const unsubscribe = accessToken.subscribe(listener);
    accessToken.set("abc");
    expect(localStorage.getItem("accessToken")).toBe("abc");
    accessToken.clear();
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("when the token expires within half a minute, then it is no longer fresh", () => {
    const now = Date.now() / 1000;
    expect(accessToken.isFresh(jwt({ exp: now + 3600 }))).toBe(true);
    expect(accessToken.isFresh(jwt({ exp: now + 10 }))).toBe(false);
    expect(accessToken.isFresh(null)).toBe(false);
  });

  it("when a 15-minute token is issued, then it is due for renewal 2 minutes before it expires; a one-minute token halfway through", () => {
    const now = Math.floor(Date.now() / 1000);
    const about = (ms: number) => expect.toSatisfy((delay: number) => delay > ms - 1500 && delay <= ms);
    expect(accessToken.renewalDelay(jwt({ iat: now, exp: now + 900 }))).toEqual(about(13 * 60_000));
    expect(accessToken.renewalDelay(jwt({ iat: now, exp: now + 60 }))).toEqual(about(30_000));
    expect(accessToken.renewalDelay(jwt({ iat: now - 1000, exp: now - 100 }))).toBe(0);
    expect(accessToken.renewalDelay("not-a-jwt")).toBeNull();
  });

  it("when a token names its account, then that is the account id; a token without one, or none, names none", () => {
    expect(accessToken.accountId(jwt({ sub: "5d1b7c1e-0000-4000-8000-000000000001", exp: 1 }))).toBe("5d1b7c1e-0000-4000-8000-000000000001");
    expect(accessToken.accountId(jwt({ exp: 1 }))).toBeNull();
    expect(accessToken.accountId("not-a-jwt")).toBeNull();
    accessToken.set(jwt({ sub: "stored-account" }));
    expect(accessToken.accountId()).toBe("stored-account");
  });
});
