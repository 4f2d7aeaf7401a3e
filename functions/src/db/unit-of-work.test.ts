import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/database.js";
import { connectDatabase, type DatabaseHandle } from "./client.js";
import { inPostgres, unitOfWork } from "./unit-of-work.js";

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  handle = connectDatabase({ url: testDatabase.url, poolMax: 2 });
});
afterAll(async () => {
  await handle?.close();
  await testDatabase?.close();
});

describe("a change and its after-commit work", () => {
  it("when the change commits, then its effects run after the commit, in order, and see what it wrote", async () => {
    const change = unitOfWork(handle.db);
    const seen: string[] = [];
    const table = `uow_${Date.now()}`;
    await handle.db.execute(sql.raw(`create table ${table} (n int)`));
    const result = await change(async ({ tx, afterCommit }) => {
      await inPostgres(tx).execute(sql.raw(`insert into ${table} values (1)`));
      afterCommit(async () => {
        // Read on another connection: only a committed row is visible there.
        const { rows } = await handle.pool.query(`select count(*)::int as n from ${table}`);
        seen.push(`first saw ${rows[0].n}`);
      });
      afterCommit(() => void seen.push("second"));
      seen.push("inside");
      return "done";
    });
    expect(result).toBe("done");
    expect(seen).toEqual(["inside", "first saw 1", "second"]);
  });

  it("when the change fails, then none of its effects runs and the error reaches the caller", async () => {
    const change = unitOfWork(handle.db);
    const seen: string[] = [];
    await expect(
      change(async ({ afterCommit }) => {
        afterCommit(() => void seen.push("effect"));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(seen).toEqual([]);
  });

  it("when an effect fails, then the effects after it still run and the first failure reaches the caller", async () => {
    const change = unitOfWork(handle.db);
    const seen: string[] = [];
    await expect(
      change(async ({ afterCommit }) => {
        afterCommit(() => {
          throw new Error("provider down");
        });
        afterCommit(() => void seen.push("cache forgotten"));
      }),
    ).rejects.toThrow("provider down");
    expect(seen).toEqual(["cache forgotten"]);
  });
});
