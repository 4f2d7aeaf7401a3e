import { getAuth } from "firebase-admin/auth";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { describeIdentitySweep, syncIdentities } from "../../src/jobs/sync-identities.js";
import { serviceUnavailable } from "../../src/lib/errors.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import type { IdentityProvider } from "../../src/lib/identity.js";
import { createIdentitySync } from "../../src/modules/users/identity-sync.js";
import { signInWithPassword } from "../support/auth-emulator.js";
import { PROJECT_ID, type SignedInUser, TestApi } from "../support/test-app.js";

// Make Admin and Remove User tell Firebase once their change has committed. When Firebase cannot be
// reached then, the change stands, the failure is logged, and the syncIdentities job tells Firebase
// later, until the real Auth emulator agrees with the shop.

let api: TestApi;
let admin: SignedInUser;
/** A second instance of the API on the same data, whose Firebase fails while `firebase.down`. */
let unlucky: FastifyInstance;
const firebase = { down: false };
const logLines: string[] = [];

const firebaseNow = firebaseIdentity(PROJECT_ID);

/** Firebase's own client, except that changing an account fails while it is down, as when Google cannot be reached. */
const flakyFirebase: IdentityProvider = {
  ...firebaseNow,
  setAdmin: (uid) => (firebase.down ? Promise.reject(serviceUnavailable("The sign-in service could not be reached.")) : firebaseNow.setAdmin(uid)),
  disable: (uid) => (firebase.down ? Promise.reject(serviceUnavailable("The sign-in service could not be reached.")) : firebaseNow.disable(uid)),
};

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  unlucky = await createApp({
    stores: api.stores,
    identity: flakyFirebase,
    tokens: api.tokens,
    logger: { level: "warn", stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await unlucky?.close();
  await api?.stop();
});

/** A request to the instance whose Firebase is down. */
const unluckyRequest = async (method: "PUT" | "DELETE", url: string) => {
  const response = await unlucky.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${admin.token}` } });
  return { status: response.statusCode, body: response.json() };
};

const adminStatus = (user: SignedInUser) => api.request("GET", `/admin/${encodeURIComponent(user.email)}`, { token: user.token });
const runJob = () => syncIdentities(api.stores, firebaseNow);
const loggedAbout = (id: string) => logLines.filter((line) => line.includes(id) && line.includes("syncIdentities job"));

describe("when Firebase cannot be reached after the change commits", () => {
  it("when a user is removed, then the removal stands at once, the failure is logged, and the job disables their Firebase account", async () => {
    const buyer = await api.signUp("unlucky");
    firebase.down = true;
    const removed = await unluckyRequest("DELETE", `/users/${buyer.id}`);
    firebase.down = false;

    expect(removed.status).toBe(200);
    expect((await adminStatus(buyer)).status).toBe(401);
    expect(loggedAbout(buyer.id)).toHaveLength(1);
    // Firebase has not heard, so it still signs them in; the shop reads its own account and refuses them.
    expect((await getAuth().getUser(buyer.account.uid)).disabled).toBe(false);
    const idToken = await signInWithPassword(buyer.email, buyer.account.password);
    expect((await api.request("PUT", `/user/${encodeURIComponent(buyer.email)}`, { token: idToken })).status).toBe(403);

    const sweep = await runJob();
    expect(sweep).toEqual({ told: 1, stillDue: [] });
    expect(describeIdentitySweep(sweep)).toBe("Told Firebase of the admin changes to 1 account");
    const account = await getAuth().getUser(buyer.account.uid);
    expect(account.disabled).toBe(true);
    expect(account.tokensValidAfterTime).toBeDefined();
    // Told once: the next run finds nothing left to tell.
    expect(await runJob()).toEqual({ told: 0, stillDue: [] });
  });

  it("when a buyer is made admin, then they are admin in the shop at once, and the job sets their Firebase claim", async () => {
    const buyer = await api.signUp("unlucky");
    firebase.down = true;
    const promoted = await unluckyRequest("PUT", `/user/admin/${encodeURIComponent(buyer.email)}`);
    firebase.down = false;

    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe("admin");
    expect((await adminStatus(buyer)).body).toEqual({ admin: true });
    expect((await getAuth().getUser(buyer.account.uid)).customClaims?.admin).toBeUndefined();
    expect(loggedAbout(buyer.id)).toHaveLength(1);

    expect(await runJob()).toEqual({ told: 1, stillDue: [] });
    expect((await getAuth().getUser(buyer.account.uid)).customClaims?.admin).toBe(true);
  });

  it("when Firebase is still down when the job runs, then the account stays due, the job says why, and a later run tells it", async () => {
    const buyer = await api.signUp("unlucky");
    firebase.down = true;
    expect((await unluckyRequest("DELETE", `/users/${buyer.id}`)).status).toBe(200);

    const failed = await syncIdentities(api.stores, flakyFirebase);
    expect(failed.told).toBe(0);
    expect(failed.stillDue).toEqual([{ id: buyer.id, error: "The sign-in service could not be reached." }]);
    expect(describeIdentitySweep(failed)).toContain(`still due: ${buyer.id} (The sign-in service could not be reached.)`);
    firebase.down = false;

    expect(await runJob()).toEqual({ told: 1, stillDue: [] });
    expect((await getAuth().getUser(buyer.account.uid)).disabled).toBe(true);
  });
});

describe("when two tellings of one account overlap", () => {
  it("when Make Admin's telling reaches Firebase after Remove User's, then Firebase still ends with the account disabled and no admin claim", async () => {
    const buyer = await api.signUp("contested");
    const promoted = await api.stores.change(({ tx }) => api.stores.users.promoteToAdmin(tx, buyer.id));
    const removed = await api.stores.change(({ tx }) => api.stores.users.markRemoved(tx, buyer.id));
    const sync = createIdentitySync({ store: api.stores.users, identity: firebaseNow });

    await sync.afterChange(removed);
    await sync.afterChange(promoted);

    const account = await getAuth().getUser(buyer.account.uid);
    expect(account.disabled).toBe(true);
    expect(account.customClaims?.admin).toBe(false);
    expect(await api.stores.users.identityDue(10)).toEqual([]);
  });
});
