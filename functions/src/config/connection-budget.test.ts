import { describe, expect, it } from "vitest";
import { apiMaxInstances, poolSizePerInstance, RESERVED_CONNECTIONS } from "./connection-budget.js";
import { loadEnv } from "./env.js";
import { SCHEDULED_JOBS } from "../jobs/schedule.js";
import { apiFunctionOptions, jobFunctionOptions } from "./function-options.js";

describe("the database connection budget", () => {
  it("when nothing is set, then 4 instances of 3 connections and the reserved ones fit the smallest Cloud SQL tier", () => {
    const env = loadEnv({});
    expect(env.API_MAX_INSTANCES).toBe(4);
    expect(env.DATABASE_POOL_MAX).toBe(3);
    expect(env.API_MAX_INSTANCES * env.DATABASE_POOL_MAX + RESERVED_CONNECTIONS).toBeLessThanOrEqual(env.DATABASE_MAX_CONNECTIONS);
    expect(env.DATABASE_MAX_CONNECTIONS).toBeLessThanOrEqual(25);
  });

  it("when a scheduled job is added, then the reserve has its connection: one per job and one for make-admin", () => {
    expect(RESERVED_CONNECTIONS).toBe(Object.keys(SCHEDULED_JOBS).length + 1);
  });

  it("when any budget that fits is set, then instances × pool + reserved stays within it", () => {
    for (let max = RESERVED_CONNECTIONS + 1; max <= 200; max += 7) {
      for (const instances of [1, 2, 3, 5, 10, 40]) {
        if (max - RESERVED_CONNECTIONS < instances) continue;
        const pool = poolSizePerInstance({ DATABASE_MAX_CONNECTIONS: max, API_MAX_INSTANCES: instances });
        expect(pool).toBeGreaterThanOrEqual(1);
        expect(instances * pool + RESERVED_CONNECTIONS).toBeLessThanOrEqual(max);
      }
    }
  });

  it("when a pool size is set that would overrun the budget, then the configuration is refused and says what fits", () => {
    expect(() => loadEnv({ DATA_STORE: "postgres", DATABASE_POOL_MAX: "10" })).toThrow(/DATABASE_POOL_MAX=10 × API_MAX_INSTANCES=4 .* at most 3 fits/);
    expect(loadEnv({ DATA_STORE: "postgres", DATABASE_POOL_MAX: "3" }).DATABASE_POOL_MAX).toBe(3);
  });

  it("when there are more instances than connections, then the configuration is refused", () => {
    expect(() => loadEnv({ DATA_STORE: "postgres", DATABASE_MAX_CONNECTIONS: "10", API_MAX_INSTANCES: "8" })).toThrow(/leaves no connection .* lower API_MAX_INSTANCES/);
  });

  it("when a larger database is named, then a plain server gets a pool of 10 at most", () => {
    expect(loadEnv({ DATA_STORE: "postgres", DATABASE_MAX_CONNECTIONS: "100", API_MAX_INSTANCES: "1" }).DATABASE_POOL_MAX).toBe(10);
  });

  it("when the function is deployed, then its maxInstances is the number the pools were sized for", () => {
    const source = { DATA_STORE: "postgres", API_MAX_INSTANCES: "6", DATABASE_MAX_CONNECTIONS: "50" };
    expect(apiFunctionOptions(source).maxInstances).toBe(6);
    expect(apiMaxInstances(source)).toBe(loadEnv(source).API_MAX_INSTANCES);
    expect(apiFunctionOptions({}).maxInstances).toBe(4);
  });
});

describe("the function's secrets", () => {
  it("when deployed for real payments, then it declares the database, token and Stripe secrets", () => {
    expect(apiFunctionOptions({ DATA_STORE: "postgres" }).secrets).toEqual(["DATABASE_URL", "API_TOKEN_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
  });

  it("when the emulators of npm start load the code, then it declares none, since they would ask Secret Manager", () => {
    expect(apiFunctionOptions({ FUNCTIONS_EMULATOR: "true" }).secrets).toEqual([]);
  });

  it("when the deployment runs on the payment sandbox, then it needs no Stripe secret", () => {
    expect(apiFunctionOptions({ PAYMENTS_SANDBOX: "on" }).secrets).toEqual(["API_TOKEN_SECRET"]);
    expect(apiFunctionOptions({ DATA_STORE: "postgres", PAYMENTS_SANDBOX: "on" }).secrets).toEqual(["DATABASE_URL", "API_TOKEN_SECRET"]);
  });

  it("when the deployment runs on Firestore, the default, then it needs no database address", () => {
    expect(apiFunctionOptions({}).secrets).toEqual(["API_TOKEN_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
    expect(apiFunctionOptions({ DATA_STORE: "firestore" }).secrets).toEqual(apiFunctionOptions({}).secrets);
    expect(() => apiFunctionOptions({ DATA_STORE: "mongodb" })).toThrow(/DATA_STORE/);
  });

  it("when the mail job is deployed, then it alone reads the mail server's SMTP_URL, and the emulators look up no secret", () => {
    expect(jobFunctionOptions({ PAYMENTS_SANDBOX: "on" }, { secrets: SCHEDULED_JOBS.sendMail.secrets }).secrets).toEqual(["API_TOKEN_SECRET", "SMTP_URL"]);
    expect(apiFunctionOptions({}).secrets).not.toContain("SMTP_URL");
    expect(jobFunctionOptions({ PAYMENTS_SANDBOX: "on" }).secrets).not.toContain("SMTP_URL");
    expect(jobFunctionOptions({ FUNCTIONS_EMULATOR: "true" }, { secrets: SCHEDULED_JOBS.sendMail.secrets }).secrets).toEqual([]);
  });
});

describe("the functions' network", () => {
  it("when the database has a private address, then every function reaches it through the named VPC network", () => {
    const source = { DATA_STORE: "postgres", DATABASE_VPC_NETWORK: "default" };
    expect(apiFunctionOptions(source).networkInterface).toEqual({ network: "default" });
    expect(jobFunctionOptions(source)).toMatchObject({ maxInstances: 1, networkInterface: { network: "default" } });
    expect(apiFunctionOptions({})).not.toHaveProperty("networkInterface");
  });

  it("when a project set up on PostgreSQL deploys without naming its store, then the deploy is refused rather than put on an empty Firestore", () => {
    expect(() => apiFunctionOptions({ DATABASE_VPC_NETWORK: "default", DATABASE_MAX_CONNECTIONS: "20" })).toThrow(/DATA_STORE=postgres/);
  });
});
