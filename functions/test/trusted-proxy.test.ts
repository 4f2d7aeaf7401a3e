import { randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { connectDatabase, type DatabaseHandle } from "../src/db/client.js";
import { applyMigrations } from "../src/db/migrate.js";
import { firebaseIdentity } from "../src/lib/firebase-identity.js";
import { createTokenService } from "../src/lib/tokens.js";
import { createAccount, type FirebaseAccount } from "./auth-emulator.js";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { expectProblem } from "./problems.js";
import { PROJECT_ID, TOKEN_SECRET } from "./test-app.js";

// The sign-in exchange is limited per client address (3 a minute here). Which address that is
// depends on TRUST_PROXY_HOPS: the socket's (0, the plain server), or the one the trusted proxy
// appended to X-Forwarded-For (1, behind Google's front end). A client writing the header itself
// must not get a new budget either way.

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let account: FirebaseAccount;
let app: FastifyInstance | undefined;
let baseUrl: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase({ url: testDatabase.url, poolMax: 5 });
  await applyMigrations(database.pool);
  account = await createAccount("proxied");
});
// Each test gets an app of its own, so its counters start empty.
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.close();
});

async function startApi(trustProxyHops: number) {
  app = await createApp({
    db: database.db,
    identity: firebaseIdentity(PROJECT_ID),
    tokens: createTokenService(TOKEN_SECRET, 3600),
    rateLimits: { signIn: 3, orders: 0, reviews: 0, wishes: 0 },
    trustProxyHops,
  });
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
}

/** A sign-in exchange; a made-up ID token is refused with 401 but spends the budget all the same. */
async function exchange(headers: Record<string, string>, idToken = "not-an-id-token"): Promise<number> {
  const response = await fetch(`${baseUrl}/api/user/${encodeURIComponent(account.email)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${idToken}`, ...headers },
  });
  await response.arrayBuffer();
  return response.status;
}

const forged = () => `198.51.100.${randomInt(1, 255)}`;

describe("with no trusted proxy (TRUST_PROXY_HOPS=0, the plain server)", () => {
  it("when a client sends a new X-Forwarded-For with every exchange, then it is still one client and the 4th is 429, even with a valid ID token", async () => {
    await startApi(0);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": forged() })).toBe(401);

    const refused = await fetch(`${baseUrl}/api/user/${encodeURIComponent(account.email)}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${account.idToken}`, "x-forwarded-for": forged(), "x-real-ip": forged() },
    });
    expectProblem({ status: refused.status, headers: refused.headers, body: await refused.json() }, 429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await exchange({})).toBe(429);
  });
});

describe("behind one trusted proxy (TRUST_PROXY_HOPS=1, the Cloud Function)", () => {
  it("when the proxy appends different addresses, then they are different clients: one out of budget does not stop the other", async () => {
    await startApi(1);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": "203.0.113.10" })).toBe(401);
    expect(await exchange({ "x-forwarded-for": "203.0.113.10" })).toBe(429);

    expect(await exchange({ "x-forwarded-for": "203.0.113.20" })).toBe(401);
  });

  it("when a client writes its own entries in front of the address the proxy appended, then it is still limited by that address", async () => {
    await startApi(1);
    for (let i = 0; i < 3; i += 1) expect(await exchange({ "x-forwarded-for": `${forged()}, 203.0.113.30` })).toBe(401);
    expect(await exchange({ "x-forwarded-for": `${forged()}, ${forged()}, 203.0.113.30` })).toBe(429);
    expect(await exchange({ "x-forwarded-for": `${forged()},203.0.113.30` }, account.idToken)).toBe(429);
    expect(await exchange({ "x-forwarded-for": "203.0.113.30" })).toBe(429);
  });
});
