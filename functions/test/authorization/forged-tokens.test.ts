import { getAuth } from "firebase-admin/auth";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../support/auth-emulator.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi, TOKEN_SECRET } from "../support/test-app.js";

// users/users.test.ts covers the plain forgeries (another secret, alg none, expired, unknown user, another
// audience, a Firebase ID token, garbage) and authorization.test.ts a token on another user's
// resource. These are the subtler ones: each must be refused with 401 and grant nothing.

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const now = () => Math.floor(Date.now() / 1000);
const key = (secret: string) => new TextEncoder().encode(secret);
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const decoded = (segment: string) => JSON.parse(Buffer.from(segment, "base64url").toString("utf8")) as Record<string, unknown>;

interface Claims {
  sub?: string;
  email?: string;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
}

/** The buyer's claims as the server writes them, with the changes a test wants; undefined drops one. */
function claims(changes: Claims = {}): Record<string, unknown> {
  const base = { email: buyer.email, sub: buyer.id, iss: "toolshop", aud: "toolshop-api", iat: now(), exp: now() + 600 };
  return Object.fromEntries(Object.entries({ ...base, ...changes }).filter(([, value]) => value !== undefined));
}

const signed = (payload: Record<string, unknown>, { alg = "HS256", secret = TOKEN_SECRET } = {}) =>
  new SignJWT(payload).setProtectedHeader({ alg, typ: "JWT" }).sign(key(secret));

/** The buyer's real token with its payload swapped for the admin's id and its signature kept. */
function withSwappedSubject(token: string): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  return `${header}.${part({ ...decoded(payload), sub: admin.id, email: admin.email })}.${signature}`;
}

// The secret a developer machine falls back to; it is in the repository, so a deployment's own must win.
const DEVELOPMENT_SECRET = "toolshop-development-only-token-secret-0123456789";

const forgeries: [string, () => Promise<string> | string][] = [
  ["the buyer's token with the admin's id written into it", () => withSwappedSubject(buyer.token)],
  ["a token signed with HS512 and the right secret", () => signed(claims(), { alg: "HS512" })],
  ["a token signed with the repository's development secret", () => signed(claims(), { secret: DEVELOPMENT_SECRET })],
  ["an unsigned token whose alg is NONE", () => `${part({ alg: "NONE", typ: "JWT" })}.${part(claims())}.`],
  ["an HS256 token with its signature cut off", async () => `${(await signed(claims())).split(".").slice(0, 2).join(".")}.`],
  ["a token without an expiry", () => signed(claims({ exp: undefined }))],
  ["a token without an issue time", () => signed(claims({ iat: undefined }))],
  ["a token with no subject", () => signed(claims({ sub: undefined }))],
  ["a token from another issuer", () => signed(claims({ iss: "someone-else" }))],
  ["a token not valid before tomorrow", () => signed(claims({ nbf: now() + 86_400, exp: now() + 2 * 86_400 }))],
  ["a token issued in the future", () => signed(claims({ iat: now() + 86_400, exp: now() + 2 * 86_400 }))],
  ["a token issued two hours ago that claims to live for a year", () => signed(claims({ iat: now() - 7200, exp: now() + 365 * 86_400 }))],
];

describe("forged API tokens", () => {
  it("when the buyer's own token is sent unchanged, then it works (the forgeries below start from it)", async () => {
    expect((await api.request("GET", `/users/${encodeURIComponent(buyer.email)}`, { token: buyer.token })).status).toBe(200);
  });

  for (const [name, forge] of forgeries) {
    it(`when a request carries ${name}, then it is refused with 401`, async () => {
      const token = await forge();
      expectProblem(await api.request("GET", `/users/${encodeURIComponent(buyer.email)}`, { token }), 401);
      expectProblem(await api.request("GET", "/users", { token }), 401);
    });
  }

  it("when an admin's Firebase ID token, admin claim and all, is sent as an API token, then it is refused with 401", async () => {
    const idToken = await signInWithPassword(admin.email, admin.account.password);
    expect((await getAuth().verifyIdToken(idToken)).admin).toBe(true);
    expectProblem(await api.request("GET", "/users", { token: idToken }), 401);
  });
});

describe("identity from anywhere but the token", () => {
  it("when a buyer adds headers naming the admin, then they still act as themself (403 on an admin call)", async () => {
    const headers = { "x-user-id": admin.id, "x-user-email": admin.email, "x-forwarded-user": admin.email, "x-role": "admin" };
    expectProblem(await api.request("GET", "/users", { token: buyer.token, headers }), 403);
  });

  it("when the token is sent as a query parameter or a cookie instead of the Authorization header, then the caller is a visitor (401)", async () => {
    expectProblem(await api.request("GET", `/users?access_token=${admin.token}`), 401);
    expectProblem(await api.request("GET", "/users", { headers: { cookie: `accessToken=${admin.token}; token=${admin.token}` } }), 401);
  });

  it("when the buyer's token is used on the admin's own profile, then it is refused with 403", async () => {
    expectProblem(await api.request("GET", `/users/${encodeURIComponent(admin.email)}`, { token: buyer.token }), 403);
    expectProblem(await api.request("PUT", `/users/${encodeURIComponent(admin.email)}`, { token: buyer.token, body: { location: "Elsewhere" } }), 403);
    expect((await api.request("GET", `/users/${encodeURIComponent(admin.email)}`, { token: admin.token })).body.location).toBe("");
  });

  it("when an API token is offered to the sign-in exchange in place of a Firebase ID token, then no new token is issued (401)", async () => {
    const response = await api.request("PUT", `/user/${encodeURIComponent(admin.email)}`, { token: admin.token });
    expectProblem(response, 401);
    expect(response.body.token).toBeUndefined();
  });
});
