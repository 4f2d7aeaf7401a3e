import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WishStatus } from "../../src/modules/wishes/wishes.schemas.js";
import type { WishGroupRecord, WishGroupsView, WishRecord } from "../../src/modules/wishes/wishes.store.js";
import { wishKey } from "../../src/modules/wishes/wish-key.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The wishes' contract (wishes.store.ts) on every store: wishes newest first, User Wish's groups
// with their counts, medians, pages and search, answers that change only what they may, and the
// wishers' copy of their addresses.

let testStores: TestStores;
let stores: Stores;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores?.close());

/** A word no other test's wishes hold, so a search finds only this test's groups. */
const tag = () => `w${randomUUID().replace(/-/g, "").slice(0, 10)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Wisher {
  id: string;
  name: string;
  email: string;
}

/** A wisher: an account through the users' port, and the wishers' copy of it. */
async function aWisher(name: string, { removed = false, copied = true } = {}): Promise<Wisher> {
  const email = `${name.toLowerCase().replace(/\W/g, "")}-${randomUUID().slice(0, 8)}@example.com`;
  const { id } = await stores.change(({ tx }) => stores.users.insertAccount(tx, { firebaseUid: randomUUID(), email, name, role: "buyer" }));
  if (copied) await stores.change(({ tx }) => stores.wishes.keepWisher(tx, { userId: id, email, removed }));
  return { id, name, email };
}

/** A wish, a few milliseconds after the one before, so their order is their order of making. */
async function wish(wisher: Wisher, name: string, priceCents = 1000, details = "Soon, please."): Promise<WishRecord> {
  await pause(3);
  return stores.wishes.insert({ userId: wisher.id, userName: wisher.name, name, priceCents, details });
}

const view = (changes: Partial<WishGroupsView>): WishGroupsView => ({ status: "open", q: null, nameKey: null, afterId: null, limit: 50, wishesPerGroup: 100, ...changes });
const search = (q: string, changes: Partial<WishGroupsView> = {}) => stores.wishes.groupsPage(view({ q: q.toLowerCase(), nameKey: wishKey(q), ...changes }));
const keysOf = (groups: WishGroupRecord[]) => groups.map((group) => group.key);
const ids = (wishes: { id: string }[]) => wishes.map((one) => one.id);

/** Every page of a view, following each page's last group's most recent wish. */
async function allPages(of: Partial<WishGroupsView>): Promise<WishGroupRecord[][]> {
  const pages: WishGroupRecord[][] = [];
  let afterId: string | null = null;
  for (;;) {
    const page = await stores.wishes.groupsPage(view({ ...of, afterId }));
    if (page.length === 0) return pages;
    pages.push(page);
    afterId = page.at(-1)!.wishes[0]!.id;
  }
}

/** A tool for a wish, through the tools' port: PostgreSQL's wishes must name a real tool. */
async function aTool(): Promise<string> {
  const tool = await stores.change(({ tx }) =>
    stores.tools.insertTool(tx, { name: "Vise", img: "/vise.png", unitPriceCents: 100, description: "A vise.", minOrderQuantity: 1, stock: 5 }),
  );
  return tool.id;
}

const answer = (ids: string[], status: Exclude<WishStatus, "open">) => stores.change(({ tx }) => stores.wishes.markResolved(tx, ids, status));

describe("wishes", () => {
  it("keeps a new wish open, keyed by its name, and lists every wish newest first up to the limit", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    const first = await wish(ann, `${word} Laser Levels!`, 12_345, "Green beam.");
    const second = await wish(ann, `${word} Pipe Bender`);
    expect(first).toMatchObject({ userId: ann.id, userName: "Ann", name: `${word} Laser Levels!`, priceCents: 12_345, details: "Green beam.", status: "open", toolId: null, resolvedAt: null, nameKey: `${word} laser level` });
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);

    const newest = await stores.wishes.newestWishes(2);
    expect(ids(newest)).toEqual([second.id, first.id]);
    expect(newest[1]).toEqual(first);
    const all = await stores.wishes.newestWishes(1000);
    const order = [...all].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
    expect(ids(all)).toEqual(ids(order));
    expect(await stores.wishes.newestWishes(0)).toEqual([]);
  });

  it("counts the open wishes", async () => {
    const ann = await aWisher("Ann");
    const before = await stores.wishes.countOpen();
    const [one] = [await wish(ann, `${tag()} saw`), await wish(ann, `${tag()} saw`)];
    expect(await stores.wishes.countOpen()).toBe(before + 2);
    await answer([one!.id], "declined");
    expect(await stores.wishes.countOpen()).toBe(before + 1);
  });
});

describe("groups", () => {
  it("groups an answer's wishes by key, with all their count, the median of all prices, and the newest wishes first with their wishers' addresses", async () => {
    const [ann, bob, cid] = [await aWisher("Ann"), await aWisher("Bob", { removed: true }), await aWisher("Cid", { copied: false })];
    const word = tag();
    const first = await wish(ann, `${word} Laser Level`, 100);
    const second = await wish(bob, `${word.toUpperCase()}  laser levels!`, 400);
    const tripod = await wish(cid, `${word} Laser Level Tripod`, 60);
    const third = await wish(cid, `${word} laser level.`, 250);
    const fourth = await wish(ann, `${word} Laser level`, 120);

    const groups = await search(word, { wishesPerGroup: 3 });
    expect(keysOf(groups)).toEqual([`${word} laser level`, `${word} laser level tripod`]);
    const [level, tripodGroup] = groups;
    expect(level).toMatchObject({ key: `${word} laser level`, count: 4, medianCents: 185, latestAt: fourth.createdAt });
    expect(ids(level!.wishes)).toEqual([fourth.id, third.id, second.id]);
    expect(level!.wishes[0]).toEqual({ ...fourth, userEmail: ann.email });
    // A removed wisher's address is not shown, nor one the copy does not hold.
    expect(level!.wishes.map((one) => one.userEmail)).toEqual([ann.email, null, null]);
    expect(tripodGroup).toMatchObject({ count: 1, medianCents: 60, latestAt: tripod.createdAt });
    expect(ids(tripodGroup!.wishes)).toEqual([tripod.id]);
    expect(first.nameKey).toBe(level!.key);
  });

  it("without a search, lists every group of the answer newest first, and pages through them each once", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    for (const letter of ["a", "b", "c", "a", "d", "e", "c"]) await wish(ann, `${word} tool ${letter}`);
    const mine = (groups: WishGroupRecord[]) => keysOf(groups).filter((key) => key.startsWith(word));

    const whole = await stores.wishes.groupsPage(view({ limit: 1000 }));
    expect(mine(whole)).toEqual(["c", "e", "d", "a", "b"].map((letter) => `${word} tool ${letter}`));
    const latest = whole.map((group) => group.latestAt.getTime());
    expect(latest).toEqual([...latest].sort((a, b) => b - a));

    const pages = await allPages({ limit: 2 });
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(keysOf(pages.flat())).toEqual(keysOf(whole));
  });

  it("pages a search after the group whose most recent wish is the cursor, and finds nothing after a wish that does not exist", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    for (const letter of ["a", "b", "c", "d", "e"]) await wish(ann, `${word} clamp ${letter}`);
    const pages = await allPages({ q: word, nameKey: word, limit: 2 });
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(keysOf(pages.flat())).toEqual(["e", "d", "c", "b", "a"].map((letter) => `${word} clamp ${letter}`));
    expect(await search(word, { afterId: randomUUID() })).toEqual([]);
  });

  it("finds a group whole when any of its wishes matches by key, by its wisher's name in any case, or by part of its wisher's address, removed or not", async () => {
    const word = tag();
    const dan = await aWisher(`Dan ${word}Smith`);
    const eve = await aWisher("Eve", { removed: true });
    const ann = await aWisher("Ann");
    await wish(ann, `${word} Pipe Bender`, 120);
    await wish(dan, "Unheard-of Wrench", 140);
    await wish(ann, "Unheard-of Wrench", 160);
    await wish(eve, `${tag()} Tile Cutter`, 90);

    expect(keysOf(await search(`${word.toUpperCase()} PIPE BENDERS`))).toEqual([`${word} pipe bender`]);
    expect(keysOf(await search(`${word} pipe`))).toEqual([`${word} pipe bender`]);
    const byName = await search(`${word}SMITH`);
    expect(keysOf(byName)).toEqual(["unheardof wrench"]);
    expect(byName[0]).toMatchObject({ count: 2, medianCents: 150 });
    expect(byName[0]!.wishes).toHaveLength(2);
    const byAddress = await search(eve.email.slice(0, 12));
    expect(byAddress.map((group) => group.wishes.map((one) => one.userName))).toEqual([["Eve"]]);
    // Taken as typed: "_" is no wildcard.
    expect(await search(`${word}_pipe`)).toEqual([]);
  });
});

describe("answers", () => {
  it("locks the wishes named that exist, in id order", async () => {
    const ann = await aWisher("Ann");
    const made = [await wish(ann, `${tag()} a`), await wish(ann, `${tag()} b`), await wish(ann, `${tag()} c`)];
    const locked = await stores.change(({ tx }) => stores.wishes.lockWishes(tx, [...ids(made), randomUUID()].reverse()));
    expect(ids(locked)).toEqual(ids(made).sort());
    expect(locked.find((one) => one.id === made[0]!.id)).toEqual(made[0]);
  });

  it("answers only open wishes, and moves them from the open group to the answer's", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    const [oldest, middle, newest] = [await wish(ann, `${word} drill`, 100), await wish(ann, `${word} drill`, 200), await wish(ann, `${word} drills`, 900)];

    await answer([newest.id], "declined");
    await answer([newest.id, middle.id], "done");
    const [locked] = await stores.change(({ tx }) => stores.wishes.lockWishes(tx, [newest.id]));
    expect(locked).toMatchObject({ status: "declined", toolId: null });
    expect(locked!.resolvedAt).toBeInstanceOf(Date);

    const [open] = await search(word);
    expect(open).toMatchObject({ count: 1, medianCents: 100, latestAt: oldest.createdAt });
    expect(ids(open!.wishes)).toEqual([oldest.id]);
    const [done] = await search(word, { status: "done" });
    expect(done).toMatchObject({ count: 1, medianCents: 200, latestAt: middle.createdAt });
    expect(done!.wishes[0]).toMatchObject({ id: middle.id, status: "done" });
    expect(ids((await search(word, { status: "declined" }))[0]!.wishes)).toEqual([newest.id]);

    await answer([oldest.id], "done");
    expect(await search(word)).toEqual([]);
    const [allDone] = await search(word, { status: "done" });
    expect(allDone).toMatchObject({ count: 2, medianCents: 150, latestAt: middle.createdAt });
  });

  it("fulfils with the tool the wishes not yet answered with one, keeping another's tool and declined ones declined", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    const [open, done, declined, fulfilled] = [await wish(ann, `${word} vise`), await wish(ann, `${word} vise`), await wish(ann, `${word} vise`), await wish(ann, `${word} vise`)];
    const [firstTool, secondTool] = [randomUUID(), randomUUID()];
    const fulfil = (wishIds: string[], toolId: string) => stores.change(({ tx }) => stores.wishes.markFulfilled(tx, wishIds, toolId));
    // On PostgreSQL the tool named must exist; the tools' port adds them where it can.
    const toolIds = await Promise.all([firstTool, secondTool].map(aTool));
    await answer([done.id], "done");
    await answer([declined.id], "declined");
    await fulfil([fulfilled.id], toolIds[0]!);
    await fulfil([open.id, done.id, declined.id, fulfilled.id], toolIds[1]!);

    const after = new Map((await stores.change(({ tx }) => stores.wishes.lockWishes(tx, ids([open, done, declined, fulfilled])))).map((one) => [one.id, one]));
    expect(after.get(open.id)).toMatchObject({ status: "done", toolId: toolIds[1] });
    expect(after.get(done.id)).toMatchObject({ status: "done", toolId: toolIds[1] });
    expect(after.get(declined.id)).toMatchObject({ status: "declined", toolId: null });
    expect(after.get(fulfilled.id)).toMatchObject({ status: "done", toolId: toolIds[0] });
    expect(await search(word)).toEqual([]);
    expect((await search(word, { status: "done" }))[0]).toMatchObject({ count: 3 });
  });

  it("of two answers to one wish at once, the second sees the first's", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    const [target] = [await wish(ann, `${word} hammer`), await wish(ann, `${word} hammer`)];
    const answerIfOpen = (status: Exclude<WishStatus, "open">) =>
      stores.change(async ({ tx }) => {
        const [locked] = await stores.wishes.lockWishes(tx, [target!.id]);
        if (locked!.status !== "open") return null;
        await stores.wishes.markResolved(tx, [target!.id], status);
        return status;
      });
    const outcomes = await Promise.all([answerIfOpen("done"), answerIfOpen("declined")]);
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
    const groups = await Promise.all((["open", "done", "declined"] as const).map(async (status) => (await search(word, { status }))[0]?.count ?? 0));
    expect(groups).toEqual(outcomes[0] ? [1, 1, 0] : [1, 0, 1]);
  });

  it("counts every wish of many made at once for one tool", async () => {
    const ann = await aWisher("Ann");
    const word = tag();
    await Promise.all(Array.from({ length: 5 }, (_, index) => stores.wishes.insert({ userId: ann.id, userName: "Ann", name: `${word} lathe`, priceCents: index * 100, details: "Now." })));
    expect((await search(word))[0]).toMatchObject({ count: 5, medianCents: 200 });
  });
});

describe("wishers", () => {
  it("gives the address of each wisher not removed, and keeps the copy as the users module has it now", async () => {
    const [ann, bob] = [await aWisher("Ann"), await aWisher("Bob", { removed: true })];
    const emails = (userIds: string[]) => stores.change(({ tx }) => stores.wishes.wisherEmails(tx, userIds));
    expect(await emails([ann.id, bob.id, randomUUID()])).toEqual(new Map([[ann.id, ann.email]]));
    expect(await emails([])).toEqual(new Map());

    const moved = `moved-${randomUUID().slice(0, 8)}@example.com`;
    await stores.change(({ tx }) => stores.wishes.keepWisher(tx, { userId: ann.id, email: moved, removed: false }));
    await stores.change(({ tx }) => stores.wishes.keepWisher(tx, { userId: ann.id, email: moved, removed: false }));
    await stores.change(({ tx }) => stores.wishes.keepWisher(tx, { userId: bob.id, email: bob.email, removed: false }));
    expect(await emails([ann.id, bob.id])).toEqual(new Map([[ann.id, moved], [bob.id, bob.email]]));

    await stores.change(({ tx }) => stores.wishes.keepWisher(tx, { userId: ann.id, email: moved, removed: true }));
    expect(await emails([ann.id])).toEqual(new Map());
  });
});
