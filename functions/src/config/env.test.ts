import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, loadEnv, rateLimitSettings } from "./env.js";

const production = { NODE_ENV: "production", FIREBASE_PROJECT_ID: "toolshop-prod", API_TOKEN_SECRET: "a-production-secret-of-at-least-32-characters" };

describe("rate limit settings", () => {
  it("when none is set, then sign-in, orders, reviews and wishes have their documented limits", () => {
    expect(rateLimitSettings(loadEnv({}))).toEqual({ signIn: 10, orders: 30, reviews: 5, wishes: 5 });
    expect(DEFAULT_RATE_LIMITS).toEqual({ signIn: 10, orders: 30, reviews: 5, wishes: 5 });
  });

  it("when they are set, then they are read as whole numbers, and 0 turns a limit off", () => {
    const env = loadEnv({
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "20",
      RATE_LIMIT_ORDERS_PER_MINUTE: "0",
      RATE_LIMIT_REVIEWS_PER_MINUTE: "1",
      RATE_LIMIT_WISHES_PER_MINUTE: "2",
    });
    expect(rateLimitSettings(env)).toEqual({ signIn: 20, orders: 0, reviews: 1, wishes: 2 });
  });

  it.each(["-1", "1.5", "many"])("when a limit is %s, then the configuration is refused", (value) => {
    expect(() => loadEnv({ RATE_LIMIT_ORDERS_PER_MINUTE: value })).toThrow(/RATE_LIMIT_ORDERS_PER_MINUTE/);
  });
});

describe("the Auth emulator in production", () => {
  it("when a production deployment names an Auth emulator, then it refuses to start, since the emulator's tokens are unsigned", () => {
    expect(() => loadEnv({ ...production, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it("when a demo project runs on the emulators in production mode, as npm start does, then it starts", () => {
    expect(() => loadEnv({ ...production, FIREBASE_PROJECT_ID: "demo-toolshop", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).not.toThrow();
  });

  it("when a production deployment names no emulator, then it starts", () => {
    expect(() => loadEnv(production)).not.toThrow();
  });
});
