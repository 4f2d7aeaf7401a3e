import { getAuth } from "firebase-admin/auth";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/config/env.js";
import { USER_NAME_MAX } from "../../src/modules/users/users.schemas.js";
import { googleAccount, signInWithPassword, uniqueEmail } from "../support/auth-emulator.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 10, points 1 and 2: a shop account belongs to its Firebase user (uid), not to an email
// string; disabled, deleted and signed-out Firebase accounts get no fresh API token.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

interface Identity {
  uid: string;
  idToken: string;
}

async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const url = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`Auth emulator ${method}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new email-and-password account: Firebase does not vouch for its email until it is verified. */
async function passwordAccount(email: string, displayName?: string): Promise<Identity> {
  const result = await identityToolkit<{ localId: string; idToken: string }>("signUp", {
    email,
    password: "secret123",
    ...(displayName === undefined ? {} : { displayName }),
    returnSecureToken: true,
  });
  return { uid: result.localId, idToken: result.idToken };
}

const exchange = (email: string, idToken: string) =>
  api.request("PUT", `/user/${encodeURIComponent(email)}`, { token: idToken, body: { email } });
const ordersOf = (email: string, token: string) => api.request("GET", `/orders?userEmail=${encodeURIComponent(email)}`, { token });
const profileOf = (email: string, token = admin.token) => api.request("GET", `/users/${encodeURIComponent(email)}`, { token });

/** A buyer with a profile and an order, whose Firebase account is then deleted outside the shop. */
async function deletedBuyerWithHistory(options: { admin?: boolean } = {}) {
  const old = await api.signUp("former");
  await api.request("PUT", `/users/${encodeURIComponent(old.email)}`, { token: old.token, body: { location: "Springfield", number: "+1 555 0100" } });
  const orderId = await api.placeOrder(old, await api.addTool());
  if (options.admin) expect((await api.request("PUT", `/user/admin/${encodeURIComponent(old.email)}`, { token: admin.token })).status).toBe(200);
  await getAuth().deleteUser(old.account.uid);
  return { old, orderId };
}

describe("a deleted Firebase account's address, signed up again", () => {
  it("when someone signs up again by password with a deleted admin's address, then the exchange is refused with 409 saying to confirm the address, and they get no token, orders, profile or role", async () => {
    const { old } = await deletedBuyerWithHistory({ admin: true });
    const newcomer = await passwordAccount(old.email, "Mallory");

    const response = await exchange(old.email, newcomer.idToken);
    expectProblem(response, 409);
    expect(response.body.code).toBe("email_not_verified");
    expect(response.body.detail).toMatch(/open the verification link sent to it, then sign in again/i);
    expect(response.body.token).toBeUndefined();
    // The account is still the old one's, untouched.
    expect((await profileOf(old.email)).body).toMatchObject({ _id: old.id, name: old.name, location: "Springfield", role: "admin" });
  });

  it("when the new owner of the address verifies it and signs in again, then they take the account over with its orders and profile", async () => {
    const { old, orderId } = await deletedBuyerWithHistory();
    const newcomer = await passwordAccount(old.email);
    expectProblem(await exchange(old.email, newcomer.idToken), 409);

    await getAuth().updateUser(newcomer.uid, { emailVerified: true });
    const response = await exchange(old.email, await signInWithPassword(old.email, "secret123"));
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ _id: old.id, location: "Springfield" });
    const orders = await ordersOf(old.email, response.body.token);
    expect(orders.body.map((o: { _id: string }) => o._id)).toEqual([orderId]);
  });

  it("when someone signs in with Google using a deleted account's address, then Google's verified email gives them the account", async () => {
    const { old, orderId } = await deletedBuyerWithHistory();
    const google = await googleAccount(old.email);
    const response = await exchange(old.email, google.idToken);
    expect(response.status).toBe(200);
    expect(response.body.user._id).toBe(old.id);
    expect((await ordersOf(old.email, response.body.token)).body.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    // The old Firebase user's sign-ins are over: the account now answers to the new one only.
    expect((await exchange(old.email, google.idToken)).body.user._id).toBe(old.id);
  });

  it("when a removed user's address is signed up again, even with a verified email, then the exchange is refused with 403 and the account stays removed", async () => {
    const removed = await api.signUp("removed");
    expect((await api.request("DELETE", `/users/${removed.id}`, { token: admin.token })).status).toBe(200);
    await getAuth().deleteUser(removed.account.uid);

    const response = await exchange(removed.email, (await googleAccount(removed.email)).idToken);
    expectProblem(response, 403);
    expect(response.body.detail).toMatch(/removed/i);
    expectProblem(await profileOf(removed.email), 404);
  });
});

describe("an email changed in Firebase", () => {
  it("when a user changes their email in Firebase and signs in with the new one, then they keep their account, profile, role and orders", async () => {
    const user = await api.signUp("mover");
    await api.request("PUT", `/users/${encodeURIComponent(user.email)}`, { token: user.token, body: { location: "Springfield" } });
    const orderId = await api.placeOrder(user, await api.addTool());
    const newEmail = uniqueEmail("moved");
    await getAuth().updateUser(user.account.uid, { email: newEmail });

    const response = await exchange(newEmail, await signInWithPassword(newEmail, user.account.password));
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ _id: user.id, email: newEmail, location: "Springfield", role: "buyer" });
    expect((await ordersOf(newEmail, response.body.token)).body).toEqual([expect.objectContaining({ _id: orderId, userEmail: newEmail })]);
    expectProblem(await profileOf(user.email), 404);
  });

  it("when someone later signs up with the address a user moved away from, then they get a new, empty account and none of the mover's orders", async () => {
    const user = await api.signUp("mover");
    await api.placeOrder(user, await api.addTool());
    const newEmail = uniqueEmail("moved");
    await getAuth().updateUser(user.account.uid, { email: newEmail });
    expect((await exchange(newEmail, await signInWithPassword(newEmail, user.account.password))).status).toBe(200);

    const newcomer = await passwordAccount(user.email, "Nina Newcomer");
    const response = await exchange(user.email, newcomer.idToken);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ email: user.email, name: "Nina Newcomer", location: "", role: "buyer" });
    expect(response.body.user._id).not.toBe(user.id);
    expect((await ordersOf(user.email, response.body.token)).body).toEqual([]);
  });

  it("when a user changed their email in Firebase but has not signed in since, then whoever gets the old address next, even verified, gets 409 and not their account", async () => {
    const user = await api.signUp("mover");
    const orderId = await api.placeOrder(user, await api.addTool());
    const newEmail = uniqueEmail("moved");
    await getAuth().updateUser(user.account.uid, { email: newEmail });

    const response = await exchange(user.email, (await googleAccount(user.email)).idToken);
    expectProblem(response, 409);
    expect(response.body.code).toBe("email_in_use");
    expect(response.body.token).toBeUndefined();

    // The mover signs in later and finds everything where they left it.
    const mover = await exchange(newEmail, await signInWithPassword(newEmail, user.account.password));
    expect(mover.body.user._id).toBe(user.id);
    expect((await ordersOf(newEmail, mover.body.token)).body.map((o: { _id: string }) => o._id)).toEqual([orderId]);
  });

  it("when a user changes their email to one another shop account holds, then the exchange is refused with 409 and neither account changes", async () => {
    const [mover, holder] = await Promise.all([api.signUp("mover"), api.signUp("holder")]);
    // The holder's Firebase account is gone, so Firebase lets the mover take the address.
    await getAuth().deleteUser(holder.account.uid);
    await getAuth().updateUser(mover.account.uid, { email: holder.email });

    const response = await exchange(holder.email, await signInWithPassword(holder.email, mover.account.password));
    expectProblem(response, 409);
    expect(response.body.code).toBe("email_in_use");
    expect((await profileOf(holder.email)).body._id).toBe(holder.id);
    expect((await profileOf(mover.email)).body._id).toBe(mover.id);
  });
});

describe("accounts disabled, signed out or deleted outside the shop", () => {
  it("when an account is disabled in Firebase, then renewing its API token is refused with 401", async () => {
    const user = await api.signUp();
    const idToken = await signInWithPassword(user.email, user.account.password);
    await getAuth().updateUser(user.account.uid, { disabled: true });
    const response = await exchange(user.email, idToken);
    expectProblem(response, 401);
    expect(response.body.token).toBeUndefined();
  });

  it("when an account's sessions are revoked in Firebase, then renewing with an ID token from before is refused with 401", async () => {
    const user = await api.signUp();
    const idToken = await signInWithPassword(user.email, user.account.password);
    // Revocation has a one-second resolution: a token issued in the same second would still pass.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await getAuth().revokeRefreshTokens(user.account.uid);
    expectProblem(await exchange(user.email, idToken), 401);
  });

  it("when an account is deleted in Firebase, then renewing its API token is refused with 401", async () => {
    const user = await api.signUp();
    await getAuth().deleteUser(user.account.uid);
    expectProblem(await exchange(user.email, user.account.idToken), 401);
  });

  it("when the API runs with its default settings, then its tokens live 15 minutes, and a longer lifetime is refused at start", async () => {
    const env = loadEnv({ GCLOUD_PROJECT: "demo-toolshop-test" });
    expect(env.API_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(900);
    expect(() => loadEnv({ GCLOUD_PROJECT: "demo-toolshop-test", API_TOKEN_TTL_SECONDS: "3600" })).toThrow(/API_TOKEN_TTL_SECONDS/);
  });
});

describe("display names from Firebase", () => {
  const nameShownFor = async (identity: Identity, email: string) => {
    const response = await exchange(email, identity.idToken);
    expect(response.status).toBe(200);
    const review = await api.request("POST", "/reviews", { token: response.body.token, body: { rating: 5, review: "Solid tools." } });
    expect(review.status).toBe(201);
    const reviews = (await api.request("GET", "/reviews")).body as { _id: string; userName: string }[];
    return { stored: response.body.user.name as string, onReview: reviews.find((r) => r._id === review.body.insertedId)?.userName };
  };

  it(`when the ID token carries a 3,000-character name, then the user signs in and is shown under its first ${USER_NAME_MAX} characters`, async () => {
    const email = uniqueEmail("longname");
    const { stored, onReview } = await nameShownFor(await passwordAccount(email, `Ann ${"N".repeat(2996)}`), email);
    expect(stored).toBe(`Ann ${"N".repeat(USER_NAME_MAX - 4)}`);
    expect(onReview).toBe(stored);
  });

  it("when the name comes from the Firebase account (set after sign-up) and is 200,000 characters, then it is clipped the same way", async () => {
    const email = uniqueEmail("longname");
    const account = await passwordAccount(email);
    await getAuth().updateUser(account.uid, { displayName: "x".repeat(200_000) });
    const { stored, onReview } = await nameShownFor(account, email);
    expect(stored).toBe("x".repeat(USER_NAME_MAX));
    expect(onReview).toBe(stored);
  });

  it("when a name carries control characters or a NUL, then the user signs in and the name is stored without them", async () => {
    const email = uniqueEmail("oddname");
    const account = await passwordAccount(email);
    await getAuth().updateUser(account.uid, { displayName: "Ada\u0000\nLovelace\u0007" });
    expect((await nameShownFor(account, email)).stored).toBe("Ada Lovelace");
  });
});

describe("signing in from two tabs at once", () => {
  it("when a new account's first sign-in arrives twice at the same moment, then both get a token for one and the same account", async () => {
    const email = uniqueEmail("twotabs");
    const account = await passwordAccount(email, "Tess Tabs");
    const responses = await Promise.all([exchange(email, account.idToken), exchange(email, account.idToken)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(responses[0]!.body.user._id).toBe(responses[1]!.body.user._id);
    expect(decodeJwt(responses[0]!.body.token).sub).toBe(responses[0]!.body.user._id);
  });
});
