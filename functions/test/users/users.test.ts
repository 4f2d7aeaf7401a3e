import { randomUUID } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi, TOKEN_SECRET } from "../support/test-app.js";

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const path = (prefix: string, user: { email: string }) => `${prefix}/${encodeURIComponent(user.email)}`;
const listedEmails = async () => (await api.request("GET", "/users", { token: admin.token })).body.map((u: { email: string }) => u.email);

describe("signing in", () => {
  it("when a new account signs in, then it gets a working API token and a buyer row under its display name", async () => {
    const account = await createAccount("newcomer", "Nora Newcomer");
    expect((await api.request("GET", path("/users", account), { token: admin.token })).status).toBe(404);

    const response = await api.request("PUT", path("/user", account), { token: account.idToken, body: { email: account.email } });
    expect(response.status).toBe(200);
    expect(response.body.token).toEqual(expect.any(String));

    const row = await api.request("GET", path("/users", account), { token: response.body.token });
    expect(row.status).toBe(200);
    expect(row.body).toMatchObject({ _id: response.body.user._id, email: account.email, name: "Nora Newcomer", role: "buyer" });
    expect(await listedEmails()).toContain(account.email);
  });

  it("when the same account signs in again, then it keeps its one row and its profile", async () => {
    const user = await api.signUp();
    await api.request("PUT", path("/users", user), { token: user.token, body: { location: "Springfield" } });
    const again = await api.request("PUT", path("/user", user), { token: user.account.idToken });
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ _id: user.id, location: "Springfield" });
    expect((await listedEmails()).filter((email: string) => email === user.email)).toHaveLength(1);
  });
});

describe("making an admin", () => {
  it("when an admin makes a buyer admin, then GET /admin says so, the Firebase claim is set and the buyer's token gains admin rights at once", async () => {
    const user = await api.signUp();
    expect((await api.request("GET", path("/admin", user), { token: user.token })).body).toEqual({ admin: false });
    expectProblem(await api.request("GET", "/users", { token: user.token }), 403);

    const response = await api.request("PUT", path("/user/admin", user), { token: admin.token });
    expect(response.status).toBe(200);

    expect((await api.request("GET", path("/admin", user), { token: user.token })).body).toEqual({ admin: true });
    expect((await getAuth().getUser(user.account.uid)).customClaims?.admin).toBe(true);
    expect((await api.request("GET", "/users", { token: user.token })).status).toBe(200);
  });

  it("when the email belongs to no user, then Make Admin answers 404", async () => {
    expectProblem(await api.request("PUT", "/user/admin/nobody%40toolshop.test", { token: admin.token }), 404);
  });
});

describe("removing a user", () => {
  it("when an admin removes a user, then their token stops working at once, their Firebase account is disabled and they leave the list, but their orders stay", async () => {
    const user = await api.signUp("leaver");
    const orderId = await api.placeOrder(user, await api.addTool());
    expect((await api.request("GET", path("/admin", user), { token: user.token })).status).toBe(200);

    const response = await api.request("DELETE", `/users/${user.id}`, { token: admin.token });
    expect(response.status).toBe(200);

    expectProblem(await api.request("GET", path("/admin", user), { token: user.token }), 401);
    expectProblem(await api.request("GET", `/orders/${orderId}`, { token: user.token }), 401);
    expect((await getAuth().getUser(user.account.uid)).disabled).toBe(true);
    expect(await listedEmails()).not.toContain(user.email);
    expectProblem(await api.request("GET", path("/users", user), { token: admin.token }), 404);
    const orders = (await api.request("GET", "/allOrders", { token: admin.token })).body;
    expect(orders.find((o: { _id: string }) => o._id === orderId)).toMatchObject({ userEmail: user.email, toolName: "Torque Wrench" });
  });

  it("when a removed user tries to sign in again, then the exchange is refused with 401 and no API token is issued", async () => {
    const user = await api.signUp("leaver");
    expect((await api.request("DELETE", `/users/${user.id}`, { token: admin.token })).status).toBe(200);
    const again = await api.request("PUT", path("/user", user), { token: user.account.idToken });
    expectProblem(again, 401);
    expect(again.body.token).toBeUndefined();
  });

  it("when an admin removes another admin, then Firebase disables the account and takes back its admin claim", async () => {
    const other = await api.signUpAdmin();
    expect((await getAuth().getUser(other.account.uid)).customClaims?.admin).toBe(true);
    expect((await api.request("DELETE", `/users/${other.id}`, { token: admin.token })).status).toBe(200);
    const record = await getAuth().getUser(other.account.uid);
    expect(record.disabled).toBe(true);
    expect(record.customClaims?.admin).toBe(false);
  });

  it("when an admin tries to remove themself, then it is refused with 403 and they stay an admin", async () => {
    expectProblem(await api.request("DELETE", `/users/${admin.id}`, { token: admin.token }), 403);
    expect((await api.request("GET", path("/admin", admin), { token: admin.token })).body).toEqual({ admin: true });
  });

  it("when the user is unknown or already removed, then Remove User answers 404", async () => {
    const user = await api.signUp("leaver");
    expect((await api.request("DELETE", `/users/${user.id}`, { token: admin.token })).status).toBe(200);
    expectProblem(await api.request("DELETE", `/users/${user.id}`, { token: admin.token }), 404);
    expectProblem(await api.request("DELETE", `/users/${randomUUID()}`, { token: admin.token }), 404);
  });
});

describe("updating a profile", () => {
  it("when a user saves their profile, then every field is stored and shown back", async () => {
    const user = await api.signUp();
    const profile = { education: "BSc Mechanical Engineering", location: "Springfield", number: "+1 555 0100", linkIn: "https://example.com/in/bob" };
    const response = await api.request("PUT", path("/users", user), { token: user.token, body: profile });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(profile);
    expect((await api.request("GET", path("/users", user), { token: user.token })).body).toMatchObject({ ...profile, email: user.email, role: "buyer" });
  });

  it("when a user changes one field, then the others are kept, and an empty string clears a field", async () => {
    const user = await api.signUp();
    await api.request("PUT", path("/users", user), { token: user.token, body: { education: "BSc", location: "Springfield" } });
    await api.request("PUT", path("/users", user), { token: user.token, body: { location: "Shelbyville", education: "" } });
    expect((await api.request("GET", path("/users", user), { token: user.token })).body).toMatchObject({ education: "", location: "Shelbyville" });
  });
});

describe("API tokens", () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await api.signUp();
  });

  const now = () => Math.floor(Date.now() / 1000);
  /** An API token as the server would issue it, with the parts a test wants changed. */
  const apiToken = (changes: { secret?: string; issuedAt?: number; expiresAt?: number; subject?: string; audience?: string } = {}) =>
    new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(changes.subject ?? user.id)
      .setIssuer("toolshop")
      .setAudience(changes.audience ?? "toolshop-api")
      .setIssuedAt(changes.issuedAt ?? now())
      .setExpirationTime(changes.expiresAt ?? now() + 600)
      .sign(new TextEncoder().encode(changes.secret ?? TOKEN_SECRET));
  const unsigned = () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = { email: user.email, sub: user.id, iss: "toolshop", aud: "toolshop-api", iat: now(), exp: now() + 600 };
    return `${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`;
  };
  const adminStatus = (token: string) => api.request("GET", path("/admin", user), { token });

  it("when a token is built the way the server builds it, then it is accepted", async () => {
    expect((await adminStatus(await apiToken())).status).toBe(200);
  });

  const refused: [string, () => Promise<string> | string][] = [
    ["an expired token", () => apiToken({ issuedAt: now() - 7200, expiresAt: now() - 3600 })],
    ["a token signed with another secret", () => apiToken({ secret: "another-secret-that-is-also-32-characters-long" })],
    ["an unsigned token (alg none)", unsigned],
    ["a token for another audience", () => apiToken({ audience: "someone-else" })],
    ["a token for a user that does not exist", () => apiToken({ subject: randomUUID() })],
    ["a Firebase ID token", () => user.account.idToken],
    ["garbage", () => "garbage"],
  ];
  for (const [name, token] of refused) {
    it(`when a request carries ${name}, then it is refused with 401`, async () => {
      expectProblem(await adminStatus(await token()), 401);
    });
  }

  it("when the Authorization header is not a bearer token, then it is refused with 401", async () => {
    const basic = await api.request("GET", path("/admin", user), { headers: { authorization: `Basic ${user.token}` } });
    expectProblem(basic, 401);
    expectProblem(await api.request("GET", path("/admin", user), { headers: { authorization: "Bearer" } }), 401);
  });
});
