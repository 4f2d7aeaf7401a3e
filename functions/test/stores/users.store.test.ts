import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../src/lib/auth.js";
import type { Stores } from "../../src/stores/postgres.js";
import { AccountTaken, type AccountValues, type UserRecord } from "../../src/modules/users/users.store.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The users module's port, as its doc comments state it, on whichever store the project names.

let testStores: TestStores;
let stores: Stores;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores.close());

/** An account's values no other test uses: its own uid, address and name. */
const fresh = (overrides: Partial<AccountValues> = {}): AccountValues => {
  const tag = randomUUID().slice(0, 8);
  return { firebaseUid: `uid-${tag}`, email: `user-${tag}@example.com`, name: `User ${tag}`, role: "buyer", ...overrides };
};

const insert = (values: AccountValues = fresh()) => stores.change(({ tx }) => stores.users.insertAccount(tx, values));
const remove = (id: string) => stores.change(({ tx }) => stores.users.markRemoved(tx, id));

/** Accounts made one after another, so each joined after the one before. */
async function insertInTurn(count: number, values: (index: number) => Partial<AccountValues> = () => ({})): Promise<UserRecord[]> {
  const accounts: UserRecord[] = [];
  for (let index = 0; index < count; index++) {
    accounts.push(await insert(fresh(values(index))));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return accounts;
}

const ids = (accounts: readonly { id: string }[]) => accounts.map((account) => account.id);

/** Whether each account joined no earlier than the next (a store may keep times finer than a Date). */
const joinedNewestFirst = (accounts: readonly UserRecord[]) =>
  accounts.every((account, index) => index === 0 || accounts[index - 1]!.createdAt.getTime() >= account.createdAt.getTime());

/** Texts no Firestore document can be named by; PostgreSQL's callers never pass anything but a UUID. */
const NOT_IDS = ["", "a/b", "x".repeat(1600), "__name__", ".", "..", "\uD800"];

describe("insertAccount", () => {
  it("creates an account with its address trimmed and in lower case, and an empty profile", async () => {
    const values = fresh({ role: "admin" });
    const account = await insert({ ...values, email: `  ${values.email.toUpperCase()} ` });
    expect(account).toMatchObject({
      firebaseUid: values.firebaseUid,
      email: values.email,
      name: values.name,
      role: "admin",
      education: "",
      location: "",
      number: "",
      linkIn: "",
      removedAt: null,
    });
    expect(account.createdAt).toBeInstanceOf(Date);
    expect(account.updatedAt).toBeInstanceOf(Date);
    expect(await stores.users.findActiveByEmail(values.email.toUpperCase())).toEqual(account);
    expect(await stores.users.accountExists(account.id)).toBe(true);
  });

  it("refuses a second account of a uid or an address, and writes nothing of it", async () => {
    const first = await insert();
    const sameUid = fresh({ firebaseUid: first.firebaseUid });
    await expect(insert(sameUid)).rejects.toBeInstanceOf(AccountTaken);
    expect(await stores.users.findActiveByEmail(sameUid.email)).toBeNull();

    const sameEmail = fresh({ email: ` ${first.email.toUpperCase()}` });
    await expect(insert(sameEmail)).rejects.toBeInstanceOf(AccountTaken);
    const after = await stores.change(({ tx }) => stores.users.lockAccountsOf(tx, sameEmail.firebaseUid, "nobody-else@example.com"));
    expect(after).toEqual({ own: null, holder: null });
  });

  it("of two first sign-ins of one person at once, makes one account", async () => {
    const values = fresh();
    const signIn = () =>
      stores.change(async ({ tx }) => {
        const { own } = await stores.users.lockAccountsOf(tx, values.firebaseUid, values.email);
        return own ?? (await stores.users.insertAccount(tx, values));
      });
    const outcomes = await Promise.allSettled([signIn(), signIn()]);
    const made = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value.id] : []));
    for (const outcome of outcomes) if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(AccountTaken);
    const account = await stores.users.findActiveByEmail(values.email);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set([...made, account?.id])).toEqual(new Set([account?.id]));
  });
});

describe("accountExists", () => {
  it("knows removed accounts and no others", async () => {
    const account = await insert();
    await remove(account.id);
    expect(await stores.users.accountExists(account.id)).toBe(true);
    expect(await stores.users.accountExists(randomUUID())).toBe(false);
  });
});

describe("ids no document can have", () => {
  it("find nothing, and throw nothing", async () => {
    for (const id of NOT_IDS) {
      expect(await stores.users.accountExists(id)).toBe(false);
      expect(await stores.change(({ tx }) => stores.users.lockActiveById(tx, id))).toBeNull();
      expect(await stores.users.pageOfActive({ afterId: id, limit: 10 })).toEqual([]);
    }
    expect(await stores.users.findPrincipals(NOT_IDS)).toEqual([]);
    expect(await stores.users.findActiveByEmail("\uD800@example.com")).toBeNull();
  });
});

describe("findPrincipals", () => {
  it("reads the active accounts of many ids at once, leaving out removed and unknown ones", async () => {
    const [buyer, admin, removed] = await Promise.all([insert(), insert(fresh({ role: "admin" })), insert()]);
    await remove(removed!.id);
    const principals = await stores.users.findPrincipals([buyer!.id, admin!.id, removed!.id, randomUUID(), buyer!.id]);
    expect(principals.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [buyer!, admin!].map(({ id, email, name, role }) => ({ id, email, name, role })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await stores.users.findPrincipals([])).toEqual([]);
  });
});

describe("findActiveByEmail", () => {
  it("finds the active account of an address whatever its case, and no removed one", async () => {
    const account = await insert();
    expect((await stores.users.findActiveByEmail(` ${account.email.toUpperCase()} `))?.id).toBe(account.id);
    await remove(account.id);
    expect(await stores.users.findActiveByEmail(account.email)).toBeNull();
    expect(await stores.users.findActiveByEmail("nobody@example.com")).toBeNull();
    expect(await stores.users.findActiveByEmail("")).toBeNull();
  });
});

describe("updateProfile", () => {
  it("writes the fields given and keeps the others", async () => {
    const account = await insert();
    const first = await stores.users.updateProfile(account.email.toUpperCase(), { education: "School", location: "Town", number: "123", linkIn: "https://example.com/me" });
    expect(first).toMatchObject({ id: account.id, education: "School", location: "Town", number: "123", linkIn: "https://example.com/me" });
    const second = await stores.users.updateProfile(account.email, { location: "City" });
    expect(second).toMatchObject({ education: "School", location: "City", number: "123", linkIn: "https://example.com/me" });
    expect(second!.updatedAt.getTime()).toBeGreaterThanOrEqual(account.updatedAt.getTime());
    expect(await stores.users.findActiveByEmail(account.email)).toEqual(second);
  });

  it("finds no removed or unknown account", async () => {
    const account = await insert();
    await remove(account.id);
    expect(await stores.users.updateProfile(account.email, { education: "School" })).toBeNull();
    expect(await stores.users.updateProfile("nobody@example.com", { education: "School" })).toBeNull();
  });
});

describe("lockAccountsOf", () => {
  it("finds the account of a uid and the holder of an address, removed or not", async () => {
    const [one, other] = await Promise.all([insert(), insert()]);
    const lock = (uid: string, email: string) => stores.change(({ tx }) => stores.users.lockAccountsOf(tx, uid, email));
    expect(await lock(one!.firebaseUid, one!.email.toUpperCase())).toEqual({ own: one, holder: one });
    expect(await lock(one!.firebaseUid, other!.email)).toEqual({ own: one, holder: other });
    expect(await lock("uid-nobody", other!.email)).toEqual({ own: null, holder: other });
    expect(await lock("uid-nobody", "nobody@example.com")).toEqual({ own: null, holder: null });
    const removed = await remove(one!.id);
    expect(await lock(one!.firebaseUid, "nobody@example.com")).toEqual({ own: removed, holder: null });
  });
});

describe("lockActiveById and lockActiveByEmail", () => {
  it("find an active account, and none removed or unknown", async () => {
    const [account, removed] = await Promise.all([insert(), insert()]);
    await remove(removed!.id);
    const found = await stores.change(async ({ tx }) => ({
      byId: await stores.users.lockActiveById(tx, account!.id),
      byEmail: await stores.users.lockActiveByEmail(tx, account!.email.toUpperCase()),
      removedById: await stores.users.lockActiveById(tx, removed!.id),
      removedByEmail: await stores.users.lockActiveByEmail(tx, removed!.email),
      unknownId: await stores.users.lockActiveById(tx, randomUUID()),
      unknownEmail: await stores.users.lockActiveByEmail(tx, "nobody@example.com"),
    }));
    expect(found).toEqual({ byId: account, byEmail: account, removedById: null, removedByEmail: null, unknownId: null, unknownEmail: null });
  });
});

describe("refreshAccount", () => {
  const refresh = (id: string, values: AccountValues) => stores.change(({ tx }) => stores.users.refreshAccount(tx, id, values));

  it("writes the Firebase user's name and address, and only ever raises the role", async () => {
    const account = await insert();
    const newEmail = fresh().email;
    const renamed = await refresh(account.id, { firebaseUid: account.firebaseUid, email: newEmail.toUpperCase(), name: "New Name", role: "admin" });
    expect(renamed).toMatchObject({ id: account.id, firebaseUid: account.firebaseUid, email: newEmail, name: "New Name", role: "admin" });
    const kept = await refresh(account.id, { firebaseUid: account.firebaseUid, email: newEmail, name: "New Name", role: "buyer" });
    expect(kept.role).toBe("admin");
    expect(await stores.users.findActiveByEmail(account.email)).toBeNull();
    expect(await stores.users.findActiveByEmail(newEmail)).toEqual(kept);
    // The old address is free for another account.
    expect((await insert(fresh({ email: account.email }))).email).toBe(account.email);
  });

  it("gives the account to a new uid, which then finds it, and frees the old uid", async () => {
    const account = await insert();
    const newUid = `uid-${randomUUID()}`;
    const taken = await refresh(account.id, { firebaseUid: newUid, email: account.email, name: account.name, role: "buyer" });
    expect(taken).toMatchObject({ id: account.id, firebaseUid: newUid, email: account.email });
    const lock = (uid: string) => stores.change(({ tx }) => stores.users.lockAccountsOf(tx, uid, account.email));
    expect((await lock(newUid)).own?.id).toBe(account.id);
    expect((await lock(account.firebaseUid)).own).toBeNull();
    expect((await insert(fresh({ firebaseUid: account.firebaseUid }))).firebaseUid).toBe(account.firebaseUid);
  });

  it("refuses a uid or an address another account holds, and changes nothing", async () => {
    const [account, other] = await Promise.all([insert(), insert()]);
    await expect(refresh(account!.id, { ...fresh(), firebaseUid: account!.firebaseUid, email: other!.email })).rejects.toBeInstanceOf(AccountTaken);
    await expect(refresh(account!.id, { ...fresh(), firebaseUid: other!.firebaseUid, email: account!.email })).rejects.toBeInstanceOf(AccountTaken);
    expect(await stores.users.findActiveByEmail(account!.email)).toEqual(account);
    expect(await stores.users.findActiveByEmail(other!.email)).toEqual(other);
  });
});

describe("promoteToAdmin and markRemoved", () => {
  it("make an account an admin, then remove it and keep its record", async () => {
    const account = await insert();
    const admin = await stores.change(({ tx }) => stores.users.promoteToAdmin(tx, account.id));
    expect(admin).toMatchObject({ id: account.id, role: "admin", removedAt: null });
    const removed = await remove(account.id);
    expect(removed).toMatchObject({ id: account.id, role: "admin", email: account.email });
    expect(removed.removedAt).toBeInstanceOf(Date);
    expect(await stores.users.findPrincipals([account.id])).toEqual([]);
    // A removed account keeps its uid and address: neither can make another account.
    await expect(insert(fresh({ firebaseUid: account.firebaseUid }))).rejects.toBeInstanceOf(AccountTaken);
    await expect(insert(fresh({ email: account.email }))).rejects.toBeInstanceOf(AccountTaken);
  });
});

describe("Firebase due to be told", () => {
  const dueIds = async () => ids(await stores.users.identityDue(1000));

  it("is due from the first admin change on, and told only of the account as it is now", async () => {
    const account = await insert();
    expect(account.identitySyncDue).toBeNull();
    const admin = await stores.change(({ tx }) => stores.users.promoteToAdmin(tx, account.id));
    expect(admin.identitySyncDue).toBeInstanceOf(Date);
    const removed = await remove(account.id);
    // Due since the first change Firebase has not heard of.
    expect(removed.identitySyncDue!.getTime()).toBe(admin.identitySyncDue!.getTime());
    expect(await dueIds()).toContain(account.id);

    // Firebase told of the admin, not of the removal since: still due, and the account as it is now.
    expect(await stores.users.identitySynced(admin)).toMatchObject({ id: account.id, role: "admin", removedAt: removed.removedAt });
    expect(await dueIds()).toContain(account.id);

    expect(await stores.users.identitySynced(removed)).toBeNull();
    expect(await dueIds()).not.toContain(account.id);
    // Told again, as two tellings at once may: nothing is due, nothing changes.
    expect(await stores.users.identitySynced(removed)).toBeNull();
    expect(await stores.users.identitySynced({ ...removed, id: randomUUID() })).toBeNull();
  });

  it("lists the accounts due, the longest due first, up to the limit", async () => {
    const accounts = await insertInTurn(3);
    for (const account of accounts) {
      await stores.change(({ tx }) => stores.users.promoteToAdmin(tx, account.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await dueIds()).filter((id) => ids(accounts).includes(id))).toEqual(ids(accounts));
    expect(await stores.users.identityDue(1)).toHaveLength(1);
    expect(await stores.users.identityDue(0)).toEqual([]);
  });
});

describe("listActive", () => {
  it("lists active accounts in the order they joined, up to the limit", async () => {
    const accounts = await insertInTurn(3);
    await remove(accounts[1]!.id);
    const listed = ids(await stores.users.listActive(1000));
    const mine = listed.filter((id) => ids(accounts).includes(id));
    expect(mine).toEqual([accounts[0]!.id, accounts[2]!.id]);
    expect(await stores.users.listActive(1)).toHaveLength(1);
    expect((await stores.users.listActive(1))[0]!.id).toBe(listed[0]);
  });
});

describe("pageOfActive", () => {
  /** Every page of a query, each of `limit`, following the last user of each. */
  async function allPages(query: { search?: string; role?: Role }, limit: number): Promise<UserRecord[][]> {
    const pages: UserRecord[][] = [];
    let afterId: string | undefined;
    for (;;) {
      const page = await stores.users.pageOfActive({ ...query, afterId, limit });
      if (page.length === 0) return pages;
      pages.push(page);
      afterId = page.at(-1)!.id;
    }
  }

  it("pages through the active accounts newest first, losing none and showing none twice", async () => {
    const accounts = await insertInTurn(4);
    await remove(accounts[0]!.id);
    const pages = await allPages({}, 2);
    const listed = pages.flat();
    expect(pages.every((page) => page.length <= 2)).toBe(true);
    expect(new Set(ids(listed)).size).toBe(listed.length);
    expect(joinedNewestFirst(listed)).toBe(true);
    expect(listed.every((account) => account.removedAt === null)).toBe(true);
    expect(ids(listed).filter((id) => ids(accounts).includes(id))).toEqual(ids(accounts.slice(1)).reverse());
    expect(ids(listed).sort()).toEqual(ids(await stores.users.listActive(10_000)).sort());
  });

  it("finds a search anywhere in the address or the name, whatever the case, as typed", async () => {
    const tag = randomUUID().slice(0, 8);
    const variants: Partial<AccountValues>[] = [
      { email: `first.${tag}@example.com` },
      { name: `Second ${tag.toUpperCase()} Person` },
      { email: `x-${tag}-100%_off@example.com` },
      { name: `Fourth ${tag}`, role: "admin" },
      { email: `fifth-${randomUUID().slice(0, 8)}@example.com` },
    ];
    const accounts = await insertInTurn(variants.length, (index) => variants[index]!);
    const search = (query: { search?: string; role?: Role; afterId?: string }, limit = 50) =>
      stores.users.pageOfActive({ limit, ...query }).then(ids);
    expect(await search({ search: tag.toUpperCase() })).toEqual(ids([accounts[3]!, accounts[2]!, accounts[1]!, accounts[0]!]));
    expect(await search({ search: tag, role: "admin" })).toEqual([accounts[3]!.id]);
    expect(await search({ search: tag, role: "buyer" }, 2)).toEqual(ids([accounts[2]!, accounts[1]!]));
    expect(await search({ search: tag, afterId: accounts[2]!.id })).toEqual(ids([accounts[1]!, accounts[0]!]));
    expect(await search({ search: `${tag}-100%_off` })).toEqual([accounts[2]!.id]);
    expect(await search({ search: `${tag}-1%` })).toEqual([]);
    expect(await search({ search: `${tag}_` })).toEqual([]);
    // The address and the name are one text, as the search reads them.
    expect(await search({ search: `example.com second ${tag}` })).toEqual([accounts[1]!.id]);
    await remove(accounts[0]!.id);
    expect(await search({ search: tag, afterId: accounts[1]!.id })).toEqual([]);
  });

  it("filters by role, and starts after a cursor user even once that user is removed", async () => {
    const accounts = await insertInTurn(4, (index) => ({ role: index % 2 === 0 ? "admin" : "buyer" }));
    const admins = await allPages({ role: "admin" }, 1);
    expect(admins.flat().every((account) => account.role === "admin")).toBe(true);
    expect(ids(admins.flat()).filter((id) => ids(accounts).includes(id))).toEqual([accounts[2]!.id, accounts[0]!.id]);

    await remove(accounts[2]!.id);
    const after = await stores.users.pageOfActive({ afterId: accounts[2]!.id, limit: 10_000 });
    expect(ids(after)[0]).toBe(accounts[1]!.id);
    expect(ids(after)).toContain(accounts[0]!.id);
    expect(ids(after)).not.toContain(accounts[3]!.id);
  });

  it("finds nothing after a cursor that names no account", async () => {
    await insert();
    expect(await stores.users.pageOfActive({ afterId: randomUUID(), limit: 10 })).toEqual([]);
    expect(await stores.users.pageOfActive({ afterId: randomUUID(), search: "example", limit: 10 })).toEqual([]);
  });
});

describe("lockActiveAdmins", () => {
  it("holds the active admins, in id order", async () => {
    const [admin, other, buyer, removed] = await Promise.all([insert(fresh({ role: "admin" })), insert(fresh({ role: "admin" })), insert(), insert(fresh({ role: "admin" }))]);
    await remove(removed!.id);
    const locked = await stores.change(({ tx }) => stores.users.lockActiveAdmins(tx));
    expect(locked).toEqual([...locked].sort());
    expect(locked).toEqual(expect.arrayContaining([admin!.id, other!.id]));
    expect(locked).not.toContain(buyer!.id);
    expect(locked).not.toContain(removed!.id);
  });

  it("keeps the last admin: of two admins removing each other at once, exactly one succeeds", async () => {
    // Only these two are admins of the shop.
    const [first, second] = await Promise.all([insert(fresh({ role: "admin" })), insert(fresh({ role: "admin" }))]);
    await stores.change(async ({ tx }) => {
      for (const id of await stores.users.lockActiveAdmins(tx)) if (id !== first!.id && id !== second!.id) await stores.users.markRemoved(tx, id);
    });

    const removeOther = (actor: UserRecord, target: UserRecord) =>
      stores.change(async ({ tx }) => {
        const admins = await stores.users.lockActiveAdmins(tx);
        const found = await stores.users.lockActiveById(tx, target.id);
        if (!found) throw new Error("not found");
        if (found.role === "admin" && admins.every((id) => id === found.id)) throw new Error("last admin");
        if (!admins.includes(actor.id)) throw new Error("no longer an admin");
        return stores.users.markRemoved(tx, found.id);
      });
    const outcomes = await Promise.allSettled([removeOther(first!, second!), removeOther(second!, first!)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [refused] = outcomes.filter((outcome) => outcome.status === "rejected");
    expect((refused!.reason as Error).message).toMatch(/last admin|not found|no longer an admin/);
    expect(await stores.change(({ tx }) => stores.users.lockActiveAdmins(tx))).toHaveLength(1);
  });
});
