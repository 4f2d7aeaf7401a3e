import { describe, expect, it } from "vitest";
import { dataStoreOf, DEFAULT_RATE_LIMITS, dropEmulatorHostsOutsideDemo, loadCommandLineEnv, loadEnv, paymentsSettings, rateLimitSettings } from "./env.js";

const production = { NODE_ENV: "production", FIREBASE_PROJECT_ID: "toolshop-prod", API_TOKEN_SECRET: "a-production-secret-of-at-least-32-characters" };

describe("rate limit settings", () => {
  it("when none is set, then sign-in, orders, reviews, wishes and the cart have their documented limits", () => {
    expect(rateLimitSettings(loadEnv({}))).toEqual({ signIn: 10, orders: 30, reviews: 5, wishes: 5, cart: 120, payments: 60 });
    expect(DEFAULT_RATE_LIMITS).toEqual({ signIn: 10, orders: 30, reviews: 5, wishes: 5, cart: 120, payments: 60 });
  });

  it("when they are set, then they are read as whole numbers, and 0 turns a limit off", () => {
    const env = loadEnv({
      RATE_LIMIT_SIGN_IN_PER_MINUTE: "20",
      RATE_LIMIT_ORDERS_PER_MINUTE: "0",
      RATE_LIMIT_REVIEWS_PER_MINUTE: "1",
      RATE_LIMIT_WISHES_PER_MINUTE: "2",
      RATE_LIMIT_CART_PER_MINUTE: "3",
      RATE_LIMIT_PAYMENTS_PER_MINUTE: "4",
    });
    expect(rateLimitSettings(env)).toEqual({ signIn: 20, orders: 0, reviews: 1, wishes: 2, cart: 3, payments: 4 });
  });

  it.each(["-1", "1.5", "many"])("when a limit is %s, then the configuration is refused", (value) => {
    expect(() => loadEnv({ RATE_LIMIT_ORDERS_PER_MINUTE: value })).toThrow(/RATE_LIMIT_ORDERS_PER_MINUTE/);
  });
});

describe("a project that is not a demo project", () => {
  it.each([["production"], ["development"], ["staging"], [undefined]])(
    "when NODE_ENV is %s and no API_TOKEN_SECRET is set, then it refuses to start and says what to set",
    (nodeEnv) => {
      expect(() => loadEnv({ NODE_ENV: nodeEnv, FIREBASE_PROJECT_ID: "toolshop-prod" })).toThrow(/API_TOKEN_SECRET must be set .* toolshop-prod/);
    },
  );

  it("when Cloud Functions names the project, then that project counts, not FIREBASE_PROJECT_ID", () => {
    expect(() => loadEnv({ GCLOUD_PROJECT: "toolshop-prod", FIREBASE_PROJECT_ID: "demo-toolshop" })).toThrow(/API_TOKEN_SECRET/);
    expect(loadEnv({ ...production, GCLOUD_PROJECT: "toolshop-live" }).FIREBASE_PROJECT_ID).toBe("toolshop-live");
  });

  it("when the secret is shorter than 32 characters, then it refuses to start", () => {
    expect(() => loadEnv({ ...production, API_TOKEN_SECRET: "short-secret" })).toThrow(/API_TOKEN_SECRET: must be at least 32 characters/);
  });

  it("when the secret is the development one from the repository, then it refuses to start", () => {
    const development = loadEnv({}).API_TOKEN_SECRET;
    expect(() => loadEnv({ ...production, API_TOKEN_SECRET: development })).toThrow(/API_TOKEN_SECRET must be set/);
  });

  it("when it sets a secret of its own, then it starts with that secret", () => {
    expect(loadEnv(production).API_TOKEN_SECRET).toBe(production.API_TOKEN_SECRET);
  });

  it("when emulator hosts are set, then they are removed from the environment and named", () => {
    const source: NodeJS.ProcessEnv = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080", PATH: "/usr/bin" };
    expect(dropEmulatorHostsOutsideDemo("toolshop-prod", source).sort()).toEqual(["FIREBASE_AUTH_EMULATOR_HOST", "FIRESTORE_EMULATOR_HOST"]);
    expect(source).toEqual({ PATH: "/usr/bin" });
  });

  it("when PAYMENTS_SANDBOX is not on, then the sandbox is off; when it is, then it is on", () => {
    expect(paymentsSettings(loadEnv(production))).toEqual({ kind: "disabled" });
    expect(paymentsSettings(loadEnv({ ...production, PAYMENTS_SANDBOX: "on" }))).toEqual({ kind: "sandbox" });
  });
});

describe("a demo project, as npm start runs", () => {
  it("when no secret is set, then it starts with the development secret and the sandbox on", () => {
    const env = loadEnv({ NODE_ENV: "production", FIREBASE_PROJECT_ID: "demo-toolshop" });
    expect(env.API_TOKEN_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(paymentsSettings(env)).toEqual({ kind: "sandbox" });
  });

  it("when the Auth emulator is named, then it is kept", () => {
    const source: NodeJS.ProcessEnv = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };
    expect(dropEmulatorHostsOutsideDemo("demo-toolshop", source)).toEqual([]);
    expect(source.FIREBASE_AUTH_EMULATOR_HOST).toBe("127.0.0.1:9099");
  });
});

describe("the command-line tools' settings", () => {
  it("when make-admin runs for a real project, then it needs the store and the project but no API token secret", () => {
    expect(loadCommandLineEnv({ FIREBASE_PROJECT_ID: "toolshop-prod", DATA_STORE: "postgres", DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop" })).toEqual({
      DATA_STORE: "postgres",
      DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop",
      FIREBASE_PROJECT_ID: "toolshop-prod",
    });
    expect(loadCommandLineEnv({ FIREBASE_PROJECT_ID: "toolshop-prod" }).DATA_STORE).toBe("firestore");
  });

  it("when a setup made on PostgreSQL names no store, then it is refused rather than started on an empty Firestore", () => {
    expect(() => loadCommandLineEnv({ FIREBASE_PROJECT_ID: "toolshop-prod", DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop" })).toThrow(
      /DATABASE_URL is set but DATA_STORE is not.*DATA_STORE=postgres/,
    );
    expect(() => loadEnv({ DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop" })).toThrow(/DATA_STORE=postgres/);
    expect(() => dataStoreOf({ DATABASE_VPC_NETWORK: "default", DATABASE_MAX_CONNECTIONS: "20" })).toThrow(/DATABASE_VPC_NETWORK, DATABASE_MAX_CONNECTIONS are set/);
    expect(dataStoreOf({ DATA_STORE: "firestore", DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop" })).toBe("firestore");
    expect(dataStoreOf({ DATA_STORE: "postgres", DATABASE_URL: "postgres://u:p@127.0.0.1:6543/toolshop" })).toBe("postgres");
    expect(() => loadCommandLineEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadCommandLineEnv({ DATA_STORE: "mongodb" })).toThrow(/DATA_STORE/);
  });
});
