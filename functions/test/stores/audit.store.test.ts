import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewAuditRecord } from "../../src/modules/audit/audit.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The audit log's contract (audit.store.ts) on every store: an entry exists exactly when its change
// committed, each gets a number higher than those before it, and the log pages newest first.

let testStores: TestStores;
let stores: Stores;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores?.close());

// No actor account: the users module's store is not needed for the log's own contract.
const entry = (details: NewAuditRecord["details"] = {}): NewAuditRecord => ({
  actorId: null,
  actorEmail: "admin@example.com",
  action: "tool.updated",
  targetType: "tool",
  targetId: randomUUID(),
  details,
});
const append = (...entries: NewAuditRecord[]) =>
  stores.change(async ({ tx }) => {
    for (const one of entries) await stores.audit.append(tx, one);
  });
const everything = () => stores.audit.newestFirst({ limit: 1000, before: null });

describe("audit log", () => {
  it("keeps each entry as written, numbered higher than those before it, newest first", async () => {
    const [first, second, third] = [entry({ name: "Hammer", price: 12.5, listed: true, note: null }), entry(), entry()];
    await append(first);
    await append(second, third);

    const log = await everything();
    expect(log.map((one) => one.targetId)).toEqual([third, second, first].map((one) => one.targetId));
    expect(log[2]).toMatchObject({ ...first, actorId: null });
    expect(log[2]!.createdAt).toBeInstanceOf(Date);
    expect(Number.isInteger(log[2]!.id)).toBe(true);
    expect(log[0]!.id).toBeGreaterThan(log[1]!.id);
    expect(log[1]!.id).toBeGreaterThan(log[2]!.id);
  });

  it("pages newest first below the id given, at most the limit", async () => {
    await append(entry(), entry(), entry(), entry());
    const log = await everything();
    const firstPage = await stores.audit.newestFirst({ limit: 2, before: null });
    expect(firstPage).toEqual(log.slice(0, 2));
    const next = await stores.audit.newestFirst({ limit: 2, before: firstPage[1]!.id });
    expect(next).toEqual(log.slice(2, 4));
    expect(await stores.audit.newestFirst({ limit: 10, before: log.at(-1)!.id })).toEqual([]);
  });

  it("writes nothing of a change that fails", async () => {
    const before = await everything();
    await expect(
      stores.change(async ({ tx }) => {
        await stores.audit.append(tx, entry());
        throw new Error("the change fails after its entry");
      }),
    ).rejects.toThrow("the change fails after its entry");
    expect(await everything()).toEqual(before);
  });

  it("gives entries written by changes at once each their own number", async () => {
    const before = (await everything()).length;
    const entries = Array.from({ length: 6 }, () => entry());
    await Promise.all(entries.map((one) => append(one)));
    const log = await everything();
    expect(log).toHaveLength(before + entries.length);
    expect(new Set(log.map((one) => one.id)).size).toBe(log.length);
    expect(log.slice(0, entries.length).map((one) => one.targetId).sort()).toEqual(entries.map((one) => one.targetId).sort());
  });
});
