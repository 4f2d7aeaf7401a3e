import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import type { RunChange } from "../../src/lib/change.js";
import { createPrincipalLoader } from "../../src/modules/users/principal-loader.js";
import { createTestStores, type TestStores } from "../support/stores.js";

let testStores: TestStores;

beforeAll(async () => {
  testStores = await createTestStores();
});
afterAll(async () => {
  await testStores?.close();
});

const users = () => testStores.stores.users;
const change: RunChange = (work) => testStores.stores.change(work);

async function addUser(role: "buyer" | "admin" = "buyer") {
  const suffix = randomUUID().slice(0, 8);
  const values = { firebaseUid: `uid-${suffix}`, email: `${suffix}@toolshop.test`, name: `User ${suffix}`, role };
  const { id } = await change(({ tx }) => users().insertAccount(tx, values));
  return { id, email: values.email, name: values.name, role };
}

/** The store's reads of accounts, counted: PostgreSQL's statements on the pool, Firestore's batched gets. */
const accountReads = (): MockInstance =>
  testStores.firestore ? vi.spyOn(testStores.firestore, "getAll") : vi.spyOn(testStores.postgres!.pool, "query");

describe("reading the accounts of signed-in calls", () => {
  it("answers the calls of one moment each with its own account, from one read", async () => {
    const lookup = createPrincipalLoader(users());
    const accounts = await Promise.all([addUser(), addUser("admin"), addUser(), addUser()]);
    const removed = await addUser();
    await change(({ tx }) => users().markRemoved(tx, removed.id));
    // The first read also asks once which database is behind the pool (PostgreSQL).
    await lookup(accounts[0]!.id);
    const reads = accountReads();
    try {
      const asked = [...accounts, ...accounts, removed].map((user) => user.id);
      const answers = await Promise.all([...asked.map((id) => lookup(id)), lookup(randomUUID()), lookup(accounts[0]!.id.toUpperCase())]);
      expect(answers).toEqual([...accounts, ...accounts, null, null, accounts[0]]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("sees a removal or a new role made before the call, however soon after the last read", async () => {
    const lookup = createPrincipalLoader(users());
    const user = await addUser();
    expect(await lookup(user.id)).toMatchObject({ role: "buyer" });
    await change(({ tx }) => users().promoteToAdmin(tx, user.id));
    expect(await lookup(user.id)).toMatchObject({ role: "admin" });
    await change(({ tx }) => users().markRemoved(tx, user.id));
    expect(await lookup(user.id)).toBeNull();
  });

  it("reads nothing for an id that cannot name an account", async () => {
    const lookup = createPrincipalLoader(users());
    const reads = accountReads();
    try {
      expect(await lookup("not-an-id")).toBeNull();
      expect(await lookup("")).toBeNull();
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it("fails the calls of a read that fails, and reads again for the next", async () => {
    const lookup = createPrincipalLoader(users());
    const user = await addUser();
    // The first read also asks once which database is behind the pool (PostgreSQL); that is done before the fault.
    await lookup(user.id);
    const reads = accountReads().mockRejectedValueOnce(new Error("connection lost"));
    try {
      await expect(Promise.all([lookup(user.id), lookup(user.id)])).rejects.toThrow("connection lost");
      expect(await lookup(user.id)).toMatchObject({ id: user.id });
    } finally {
      reads.mockRestore();
    }
  });
});
