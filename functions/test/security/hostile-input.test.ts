import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import {
  checkHostileRequests,
  emailOfLength,
  type HostileRequest,
  hostileRequests,
  problemsWith,
  sendHostileRequest,
} from "../support/hostile-input-requests.js";

// Whatever a client sends (JSON nested thousands deep, path parameters at and past the schemas'
// limits, malformed percent-encoding, oversized or compressed bodies, bytes that are not UTF-8,
// requests that are not HTTP), the plain server answers a problem+json with a code of ours: never a
// 5xx, never a framework's name, never x-powered-by, and a refused write stores nothing. The same
// list is what e2e/support/hostile-requests.ts sends to a running stack.

// Names are fixed when the tests are collected; the requests themselves carry the buyer's token.
const NAMES = hostileRequests({ signInToken: "header.e30.signature" }).map((hostile) => hostile.name);

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;
let requests: Map<string, HostileRequest>;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
  requests = new Map(hostileRequests({ signInToken: buyer.token }).map((hostile) => [hostile.name, hostile]));
});
afterAll(() => api?.stop());

/** A Firebase account with the given address, signed in through the Auth emulator's REST API. */
async function accountWithEmail(email: string): Promise<{ email: string; idToken: string }> {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "secret123", displayName: "Longest Tester", returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`Auth emulator signUp: ${response.status} ${await response.text()}`);
  return { email, idToken: ((await response.json()) as { idToken: string }).idToken };
}

/** Everything a refused request could have written, as a client reads it. */
async function whatIsStored() {
  const email = encodeURIComponent(buyer.email);
  const [reviews, wishes, profile, orders] = await Promise.all([
    api.request("GET", "/reviews"),
    api.request("GET", "/wishes", { token: admin.token }),
    api.request("GET", `/users/${email}`, { token: buyer.token }),
    api.request("GET", `/orders?userEmail=${email}`, { token: buyer.token }),
  ]);
  return { reviews: reviews.body, wishes: wishes.body, profile: profile.body, orders: orders.body };
}

describe("hostile requests to the plain server", () => {
  for (const name of NAMES) {
    it(`when ${name}, then the answer is its problem+json, nothing internal, and nothing is stored`, async () => {
      const hostile = requests.get(name)!;
      const before = await whatIsStored();
      const response = await sendHostileRequest(api.baseUrl, hostile);
      expect(problemsWith(hostile, response)).toEqual([]);
      expect(await whatIsStored()).toEqual(before);
    });
  }

  it("when the API is still up after all of them, then a plain read answers 200", async () => {
    expect((await api.request("GET", "/tools")).status).toBe(200);
  });
});

describe("the longest email address", () => {
  it("when an account's email is exactly 254 characters, then it signs in and reads its own profile", async () => {
    const account = await accountWithEmail(emailOfLength(254));
    expect(account.email).toHaveLength(254);
    const path = `/user/${encodeURIComponent(account.email)}`;
    const signIn = await api.request("PUT", path, { token: account.idToken, body: { email: account.email } });
    expect({ status: signIn.status, email: signIn.body.user?.email }).toEqual({ status: 200, email: account.email });
    const profile = await api.request("GET", `/users/${encodeURIComponent(account.email)}`, { token: signIn.body.token });
    expect({ status: profile.status, email: profile.body.email }).toEqual({ status: 200, email: account.email });
  });
});

describe("the stack check, run against the plain server", () => {
  it("when e2e's checkHostileRequests runs here with a buyer and a 254-character account, then it reports nothing", async () => {
    const account = await accountWithEmail(emailOfLength(254));
    const failures = await checkHostileRequests(api.baseUrl, {
      signInToken: buyer.token,
      longEmailAccount: account,
    });
    expect(failures).toEqual([]);
  });
});
