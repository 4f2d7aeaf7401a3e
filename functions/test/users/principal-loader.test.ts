import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { applyMigrations } from "../../src/db/migrate.js";
import { postgresUsersStore } from "../../src/modules/users/postgres/users.repository.js";
import { createPrincipalLoader } from "../../src/modules/users/principal-loader.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";

let testDatabase: TestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase({ url: testDatabase.url });
  await applyMigrations(database.pool);
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.close();
});

async function addUser(role: "buyer" | "admin" = "buyer") {
  const suffix = randomUUID().slice(0, 8);
  const { rows } = await database.pool.query<{ id: string }>(
    "insert into users (firebase_uid, email, name, role) values ($1, $2, $3, $4) returning id",
    [`uid-${suffix}`, `${suffix}@toolshop.test`, `User ${suffix}`, role],
  );
  return { id: rows[0]!.id, email: `${suffix}@toolshop.test`, name: `User ${suffix}`, role };
}

const accountReads = () => vi.spyOn(database.pool, "query");

describe("reading the accounts of signed-in calls", () => {
  it("answers the calls of one moment each with its own account, from one read", async () => {
    const lookup = createPrincipalLoader(postgresUsersStore(database.db));
    const users = await Promise.all([addUser(), addUser("admin"), addUser(), addUser()]);
    const removed = await addUser();
    await database.pool.query("update users set removed_at = now() where id = $1", [removed.id]);
    // The first read also asks once which database is behind the pool.
    await lookup(users[0]!.id);
    const reads = accountReads();
    try {
      const asked = [...users, ...users, removed].map((user) => user.id);
      const answers = await Promise.all([...asked.map((id) => lookup(id)), lookup(randomUUID()), lookup(users[0]!.id.toUpperCase())]);
      expect(answers).toEqual([...users, ...users, null, null, users[0]]);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it("sees a removal or a new role made before the call, however soon after the last read", async () => {
    const lookup = createPrincipalLoader(postgresUsersStore(database.db));
    const user = await addUser();
    expect(await lookup(user.id)).toMatchObject({ role: "buyer" });
    await database.pool.query("update users set role = 'admin' where id = $1", [user.id]);
    expect(await lookup(user.id)).toMatchObject({ role: "admin" });
    await database.pool.query("update users set removed_at = now() where id = $1", [user.id]);
    expect(await lookup(user.id)).toBeNull();
  });

  it("reads nothing for an id that cannot name an account", async () => {
    const lookup = createPrincipalLoader(postgresUsersStore(database.db));
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
    const lookup = createPrincipalLoader(postgresUsersStore(database.db));
    const user = await addUser();
    // The first read also asks once which database is behind the pool; that is done before the fault.
    await lookup(user.id);
    const reads = vi.spyOn(database.pool, "query").mockRejectedValueOnce(new Error("connection lost"));
    try {
      await expect(Promise.all([lookup(user.id), lookup(user.id)])).rejects.toThrow("connection lost");
      expect(await lookup(user.id)).toMatchObject({ id: user.id });
    } finally {
      reads.mockRestore();
    }
  });
});
