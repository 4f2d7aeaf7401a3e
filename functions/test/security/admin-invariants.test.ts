import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../support/auth-emulator.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 10, points 2 and 3: Remove User and Make Admin when the Firebase account is gone, ids in
// canonical form, and the shop never left without an active admin, whatever runs at the same time.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const removeUser = (actor: SignedInUser, id: string) => api.request("DELETE", `/users/${id}`, { token: actor.token });
const makeAdmin = (actor: SignedInUser, email: string) => api.request("PUT", `/user/admin/${encodeURIComponent(email)}`, { token: actor.token });
const adminStatus = (user: SignedInUser) => api.request("GET", `/admin/${encodeURIComponent(user.email)}`, { token: user.token });
const listedUsers = async (): Promise<{ _id: string; email: string; role: string }[]> =>
  (await api.request("GET", "/users", { token: admin.token })).body;
const auditEntriesFor = async (userId: string): Promise<string[]> => {
  const entries: { action: string; targetId: string }[] = (await api.request("GET", "/audit-log", { token: admin.token })).body;
  return entries.filter((entry) => entry.targetId === userId).map((entry) => entry.action).reverse();
};

/** A buyer made admin in the dashboard, with an API token that carries the role from now on. */
async function anotherAdmin(by: SignedInUser): Promise<SignedInUser> {
  const user = await api.signUp("coadmin");
  expect((await makeAdmin(by, user.email)).status).toBe(200);
  return user;
}

describe("ids in canonical form", () => {
  it("when an admin sends their own id in upper case to Remove User, then it is refused with 403 and they stay an admin", async () => {
    const response = await removeUser(admin, admin.id.toUpperCase());
    expectProblem(response, 403);
    expect(response.body.detail).toMatch(/cannot remove their own account/);
    expect((await adminStatus(admin)).body).toEqual({ admin: true });
  });

  it("when an admin removes a buyer by an upper-case spelling of the buyer's id, then that buyer is removed", async () => {
    const buyer = await api.signUp();
    expect((await removeUser(admin, buyer.id.toUpperCase())).status).toBe(200);
    expectProblem(await adminStatus(buyer), 401);
  });
});

describe("Firebase accounts deleted outside the shop", () => {
  it("when the Firebase account of a user is gone, then Remove User still removes them and their API token stops working at once", async () => {
    const buyer = await api.signUp("ghost");
    await getAuth().deleteUser(buyer.account.uid);
    expect((await adminStatus(buyer)).status).toBe(200);

    expect((await removeUser(admin, buyer.id)).status).toBe(200);
    expectProblem(await adminStatus(buyer), 401);
    expect((await listedUsers()).map((u) => u.email)).not.toContain(buyer.email);
    expect(await auditEntriesFor(buyer.id)).toEqual(["user.removed"]);
  });

  it("when the Firebase account of a user is gone, then Make Admin answers 409 saying so and nothing changes", async () => {
    const buyer = await api.signUp("ghost");
    await getAuth().deleteUser(buyer.account.uid);

    const response = await makeAdmin(admin, buyer.email);
    expectProblem(response, 409);
    expect(response.body.detail).toMatch(/sign-in account no longer exists/);
    expect((await adminStatus(buyer)).body).toEqual({ admin: false });
    expect(await auditEntriesFor(buyer.id)).toEqual([]);
  });
});

describe("the shop keeps an active admin", () => {
  it("when two admins remove each other at the same moment, then exactly one succeeds, the other is refused, and one of them stays an active admin", async () => {
    // Each round leaves one of the pair, who then makes the next partner; no third admin is about.
    const shop = await TestApi.start();
    try {
      let survivor = await shop.signUpAdmin();
      for (let round = 0; round < 5; round++) {
        const partner = await shop.signUp("partner");
        expect((await shop.request("PUT", `/user/admin/${encodeURIComponent(partner.email)}`, { token: survivor.token })).status).toBe(200);
        const pair = [survivor, partner] as const;

        const [first, second] = await Promise.all([
          shop.request("DELETE", `/users/${pair[1].id}`, { token: pair[0].token }),
          shop.request("DELETE", `/users/${pair[0].id}`, { token: pair[1].token }),
        ]);
        expect([first.status, second.status].filter((status) => status === 200)).toHaveLength(1);
        const loser = first.status === 200 ? second : first;
        // 409 when both got past the guard and the second waited for the first's lock; 401 when the
        // first had already committed before the second's guard read its account.
        expect([401, 409]).toContain(loser.status);
        expectProblem(loser, loser.status);
        if (loser.status === 409) expect(loser.body.code).toBe("last_admin");

        survivor = first.status === 200 ? pair[0] : pair[1];
        const removed = first.status === 200 ? pair[1] : pair[0];
        const admins = (await shop.request("GET", "/users", { token: survivor.token })).body.filter((u: { role: string }) => u.role === "admin");
        expect(admins.map((u: { _id: string }) => u._id)).toEqual([survivor.id]);
        expectProblem(await shop.request("GET", "/users", { token: removed.token }), 401);
      }
    } finally {
      await shop.stop();
    }
  });

  it("when an admin removed by another still holds a token, then their Remove User is refused with 401 and changes nothing", async () => {
    const other = await anotherAdmin(admin);
    const buyer = await api.signUp();
    expect((await removeUser(admin, other.id)).status).toBe(200);
    expectProblem(await removeUser(other, buyer.id), 401);
    expectProblem(await makeAdmin(other, buyer.email), 401);
    expect((await adminStatus(buyer)).body).toEqual({ admin: false });
  });
});

describe("Make Admin and Remove User on the same user at once", () => {
  it("when both arrive together, then the user ends removed, either never made admin (Make Admin 404) or made admin first, and the log says which", async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await api.signUp("contested");
      const [promoted, removed] = await Promise.all([makeAdmin(admin, buyer.email), removeUser(admin, buyer.id)]);
      expect(removed.status).toBe(200);
      expect([200, 404]).toContain(promoted.status);

      expectProblem(await adminStatus(buyer), 401);
      expect((await listedUsers()).map((u) => u._id)).not.toContain(buyer.id);
      expect((await getAuth().getUser(buyer.account.uid)).disabled).toBe(true);
      const expected = promoted.status === 200 ? ["user.made_admin", "user.removed"] : ["user.removed"];
      expect(await auditEntriesFor(buyer.id)).toEqual(expected);
      // Whatever the order, a removed account cannot sign in again, as buyer or admin.
      expectProblem(await api.request("PUT", `/user/${encodeURIComponent(buyer.email)}`, { token: await freshIdToken(buyer) }), 401);
    }
  });
});

/** A new ID token for a disabled account cannot be had; its last one is what a client would still hold. */
async function freshIdToken(user: SignedInUser): Promise<string> {
  return signInWithPassword(user.email, user.account.password).catch(() => user.account.idToken);
}
