import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wishKey } from "../../src/modules/wishes/wish-key.js";
import { signInWithPassword, uniqueEmail } from "../support/auth-emulator.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import { allGroupPages, groupsOf, insertWishes, tag, wishFor } from "./wish-helpers.js";

// User Wish: wishes for the same tool, however each buyer spelled it, as one group with its count
// and median price, the most recently wished first, a page at a time, searched and filtered.

let api: TestApi;
let ann: SignedInUser;
let bob: SignedInUser;
let cid: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [ann, bob, cid, admin] = await Promise.all([api.signUp("ann"), api.signUp("bob"), api.signUp("cid"), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const list = (query: string) => groupsOf(api, admin, query);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("grouping", () => {
  it("when buyers wish for the same tool in other cases, spacing, punctuation or the plural, then it is one group with its count, median price and the most recent wish's name", async () => {
    const word = tag();
    const first = await wishFor(api, ann, `${word} Laser Level`, 100, "Green beam.");
    const second = await wishFor(api, bob, `${word.toUpperCase()}  laser levels!`, 400);
    const third = await wishFor(api, cid, `${word} laser-level`, 120);
    const fourth = await wishFor(api, ann, `${word} Laser level.`, 250);
    await wishFor(api, bob, `${word} Laser Level Tripod`, 60);

    const response = await list(`q=${word}`);
    expect(response.status).toBe(200);
    const [tripod, level, hyphenated, ...more] = response.body.groups;
    expect(more).toEqual([]);
    expect(tripod).toMatchObject({ key: `${word} laser level tripod`, name: `${word} Laser Level Tripod`, count: 1, medianPrice: 60 });
    expect(level).toMatchObject({ key: `${word} laser level`, name: `${word} Laser level.`, count: 3, medianPrice: 250 });
    expect(level!.wishes.map((wish) => wish._id)).toEqual([fourth, second, first]);
    expect(level!.latestAt).toBe(level!.wishes[0]!.createdAt);
    expect(level!.wishes[2]).toMatchObject({
      _id: first,
      name: `${word} Laser Level`,
      price: 100,
      details: "Green beam.",
      userName: ann.name,
      userEmail: ann.email,
      status: "open",
      toolId: null,
      resolvedAt: null,
    });
    expect(level!.wishes[1]).toMatchObject({ userName: bob.name, userEmail: bob.email });
    // "laser-level" loses its hyphen, which makes it another word.
    expect(hyphenated).toMatchObject({ key: `${word} laserlevel`, count: 1, medianPrice: 120 });
    expect(hyphenated!.wishes.map((wish) => wish._id)).toEqual([third]);
    expect((await list(`q=${word}-laser`)).body.groups).toEqual([]);
    expect((await list(`q=${encodeURIComponent(`${word} laserlevel`)}`)).body.groups.map((group) => group.wishes.map((wish) => wish._id))).toEqual([[third]]);
  });

  it("when a group has an even number of wishes, then its median is the mean of the middle two, to the cent", async () => {
    const word = tag();
    for (const [buyer, price] of [[ann, 10.01], [bob, 10.02], [cid, 99], [ann, 1]] as const) await wishFor(api, buyer, `${word} Bench Vise`, price);
    const [group] = (await list(`q=${word}`)).body.groups;
    expect(group).toMatchObject({ count: 4, medianPrice: 10.02 });
  });

  it("when the database stores a wish, then it keys its name as wishKey does", async () => {
    const names = [
      "Laser Level",
      "  LASER   levels!! ",
      "Torque Wrench, 1/2\"",
      "Glass",
      "Drill bits 4s",
      "Size s",
      "Säge ÜBER",
      "ΣΦΥΡΊ",
      "Level ½ ² ™",
      "Laser\u00a0Level",
      "Tab\tand\nnewline",
      "?!…",
      "日本の鋸",
      "O'Brien's Pliers",
    ];
    const ids: string[] = [];
    for (const name of names) ids.push((await api.stores.wishes.insert({ userId: ann.id, userName: ann.name, name, priceCents: 1000, details: "Inserted." })).id);
    // Read back as stored: PostgreSQL computes the key in SQL, which must agree with wishKey.
    const stored = await api.stores.change(({ tx }) => api.stores.wishes.lockWishes(tx, ids));
    expect(stored).toHaveLength(names.length);
    for (const { name, nameKey } of stored) expect({ name, key: nameKey }).toEqual({ name, key: wishKey(name) });
  });
});

describe("pages", () => {
  it("when an admin pages through the groups three at a time, then each group comes once, the one wished for most recently first", async () => {
    const word = tag();
    // Eight tools; some wished for long ago and again just now, so a group's place is its newest wish's.
    const wished = [
      [`${word} tool a`, 80],
      [`${word} tool b`, 70],
      [`${word} tool c`, 60],
      [`${word} tool a`, 50],
      [`${word} tool d`, 40],
      [`${word} tool e`, 30],
      [`${word} tool f`, 20],
      [`${word} tool g`, 10],
      [`${word} tool c`, 5],
      [`${word} tool h`, 1],
    ] as const;
    await insertWishes(api, ann, wished.map(([name, minutes]) => ({ name, at: minutesAgo(minutes) })));

    const pages = await allGroupPages(api, admin, `q=${word}&limit=3`);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.flat().map((group) => group.name.slice(word.length + 1))).toEqual(["tool h", "tool c", "tool g", "tool f", "tool e", "tool d", "tool a", "tool b"]);
    expect(pages.flat().find((group) => group.name.endsWith("tool a"))!.count).toBe(2);
  });

  it("when groups' newest wishes were made at the same moment, then they keep one order by name, and paging gives each once", async () => {
    const word = tag();
    const at = minutesAgo(3);
    await insertWishes(api, bob, ["r", "p", "t", "q", "s"].map((letter) => ({ name: `${word} same time ${letter}`, at })));
    const pages = await allGroupPages(api, admin, `q=${word}&limit=2`);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((group) => group.key)).toEqual(["t", "s", "r", "q", "p"].map((letter) => `${word} same time ${letter}`));
  });

  it("when a group has more wishes than one answer takes, then it counts them all and lists the newest hundred", async () => {
    const word = tag();
    await insertWishes(api, cid, Array.from({ length: 105 }, (_, index) => ({ name: `${word} Popular Saw`, priceCents: 1000 + index, at: minutesAgo(200 - index) })));
    const [group] = (await list(`q=${word}`)).body.groups;
    expect(group!.count).toBe(105);
    expect(group!.medianPrice).toBe(10.52);
    expect(group!.wishes).toHaveLength(100);
    expect(group!.wishes[0]!.price).toBe(11.04);
  });
});

describe("search and filters", () => {
  it("when searched by the tool's name in another case or the plural, by part of a wisher's email or by their name, then the groups with such a wish come whole", async () => {
    const word = tag();
    const dan = await api.signUp(`dan${word}`);
    await wishFor(api, ann, `${word} Pipe Bender`, 120);
    await wishFor(api, dan, `${word} pipe benders`, 140);
    await wishFor(api, bob, `${word} Tile Cutter`, 90);

    const found = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).body.groups.map((group) => [group.key, group.count]);
    expect(await found(`${word.toUpperCase()} PIPE BENDERS`)).toEqual([[`${word} pipe bender`, 2]]);
    expect(await found(`${word} pipe`)).toEqual([[`${word} pipe bender`, 2]]);
    expect(await found(dan.email.split("@")[0]!.toUpperCase())).toEqual([[`${word} pipe bender`, 2]]);
    expect(await found(dan.name)).toEqual([[`${word} pipe bender`, 2]]);
    expect(await found(word)).toEqual([
      [`${word} tile cutter`, 1],
      [`${word} pipe bender`, 2],
    ]);
    expect(await found(`${word} 100% _none_`)).toEqual([]);
  });

  it("when a wisher moves to another address in Firebase and signs in with it, then their wishes show it and are found by it, no longer by the old one", async () => {
    const word = tag();
    const mover = await api.signUp(`mover${word}`);
    await wishFor(api, mover, `${word} Belt Sander`, 150);
    const movedTo = uniqueEmail(`moved${word}`);
    await getAuth().updateUser(mover.account.uid, { email: movedTo });
    const exchanged = await api.request("PUT", `/user/${encodeURIComponent(movedTo)}`, {
      token: await signInWithPassword(movedTo, mover.account.password),
      body: { email: movedTo },
    });
    expect(exchanged.status).toBe(200);

    const emails = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).body.groups.flatMap((group) => group.wishes.map((wish) => wish.userEmail));
    expect(await emails(word)).toEqual([movedTo]);
    expect(await emails(movedTo.split("@")[0]!)).toEqual([movedTo]);
    expect(await emails(mover.email.split("@")[0]!)).toEqual([]);
  });

  it("when a wisher's account was removed, then their wishes show no address, and a search by it still finds their group", async () => {
    const word = tag();
    const gone = await api.signUp(`gone${word}`);
    await wishFor(api, gone, `${word} Jig Saw`, 80);
    await wishFor(api, bob, `${word} jig saws`, 95);
    expect((await api.request("DELETE", `/users/${gone.id}`, { token: admin.token })).status).toBe(200);

    const [group, ...more] = (await list(`q=${encodeURIComponent(gone.email.split("@")[0]!)}`)).body.groups;
    expect(more).toEqual([]);
    expect(group!.wishes.map((wish) => [wish.userName, wish.userEmail])).toEqual([
      [bob.name, bob.email],
      [gone.name, null],
    ]);
  });

  it("when filtered by an answer, then only wishes with that answer are grouped; open ones when none is asked for", async () => {
    const word = tag();
    const [open, done, declined] = [
      await wishFor(api, ann, `${word} Rivet Gun`, 50),
      await wishFor(api, bob, `${word} Rivet Gun`, 70),
      await wishFor(api, cid, `${word} Rivet Gun`, 90),
    ];
    for (const [id, status] of [[done, "done"], [declined, "declined"]] as const) {
      expect((await api.request("POST", "/admin/wishes/resolve", { token: admin.token, body: { wishIds: [id], status } })).status).toBe(200);
    }
    const ids = async (query: string) => (await list(`q=${word}${query}`)).body.groups.flatMap((group) => group.wishes.map((wish) => [wish._id, wish.status]));
    expect(await ids("")).toEqual([[open, "open"]]);
    expect(await ids("&status=open")).toEqual([[open, "open"]]);
    expect(await ids("&status=done")).toEqual([[done, "done"]]);
    expect(await ids("&status=declined")).toEqual([[declined, "declined"]]);
    const [group] = (await list(`q=${word}&status=declined`)).body.groups;
    expect(Date.parse(group!.wishes[0]!.resolvedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("when the cursor is not one the API made, or belongs to another search or answer, or the query is wrong, then 400 says so", async () => {
    const word = tag();
    await insertWishes(api, ann, ["x", "y", "z"].map((letter, index) => ({ name: `${word} ${letter}`, at: minutesAgo(index) })));
    const first = await list(`q=${word}&limit=1`);
    expect(first.body.next).toEqual(expect.any(String));
    expectProblem(await list(`q=other&cursor=${first.body.next}`), 400);
    expectProblem(await list(`q=${word}&status=done&cursor=${first.body.next}`), 400);
    expectProblem(await list("cursor=bm90LWEtY3Vyc29y"), 400);
    for (const query of ["limit=0", "limit=51", "limit=two", "status=closed", `q=${"x".repeat(101)}`, "q=a%00b", "page=2"]) expectValidationProblem(await list(query));
    expect((await list(`q=${word}&limit=1&cursor=${first.body.next}`)).body.groups.map((group) => group.key)).toEqual([`${word} y`]);
  });

  it("when a buyer or a visitor asks, then it is refused", async () => {
    expectProblem(await api.request("GET", "/admin/wishes", { token: ann.token }), 403);
    expectProblem(await api.request("GET", "/admin/wishes"), 401);
  });

  it("when the contract's list (GET /api/wishes, docs/product.md §8.2) is asked for, then it still answers every wish, whatever its answer, as before", async () => {
    const word = tag();
    const id = await wishFor(api, ann, `${word} Spirit Level`, 35.5, "Two vials.");
    expect((await api.request("POST", "/admin/wishes/resolve", { token: admin.token, body: { wishIds: [id], status: "declined" } })).status).toBe(200);
    const all = await api.request("GET", "/wishes", { token: admin.token });
    expect(all.status).toBe(200);
    const wish = all.body.find((candidate: { _id: string }) => candidate._id === id);
    expect(wish).toEqual({ _id: id, name: `${word} Spirit Level`, price: 35.5, details: "Two vials.", userName: ann.name, createdAt: expect.any(String) });
  });
});
