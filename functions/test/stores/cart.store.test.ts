import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CartLineRecord, NewCartLine } from "../../src/modules/cart/cart.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The cart module's port, as its doc comments state it, on whichever store the project names.

let testStores: TestStores;
let stores: Stores;
const MAX = 3;

beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores?.close());

/** A buyer's account, made through the users module's port. */
async function buyer(): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const account = await stores.change(({ tx }) =>
    stores.users.insertAccount(tx, { firebaseUid: `uid-${tag}`, email: `buyer-${tag}@example.com`, name: `Buyer ${tag}`, role: "buyer" }),
  );
  return account.id;
}

/** A listed tool, made through the tools module's port. */
async function tool(): Promise<string> {
  const listed = await stores.change(({ tx }) =>
    stores.tools.insertTool(tx, { name: "Tool", img: "/images/tool.png", unitPriceCents: 1000, description: "A tool", minOrderQuantity: 1, stock: 10 }),
  );
  return listed.id;
}

const tools = (count: number) => Promise.all(Array.from({ length: count }, () => tool()));
const line = (toolId: string, quantity = 2, fields: Partial<NewCartLine> = {}): NewCartLine => ({
  toolId,
  quantity,
  seenPriceCents: 1000,
  seenToolName: "Tool",
  ...fields,
});

const save = (userId: string, saved: NewCartLine, maxLines = MAX) => stores.change(({ tx }) => stores.cart.saveLine(tx, userId, saved, maxLines));
const remove = (userId: string, toolId: string) => stores.change(({ tx }) => stores.cart.removeLine(tx, userId, toolId));
const merge = (userId: string, lines: NewCartLine[], maxLines = MAX) => stores.change(({ tx }) => stores.cart.mergeLines(tx, userId, lines, maxLines));
const quantities = (lines: CartLineRecord[]) => lines.map((held) => [held.toolId, held.quantity]);

/** Lines saved one after another, so each is added after the one before. */
async function saveInTurn(userId: string, toolIds: string[]): Promise<void> {
  for (const toolId of toolIds) {
    await save(userId, line(toolId), 50);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("lines", () => {
  it("of a buyer who never saved one, or an id that cannot name one, is empty", async () => {
    expect(await stores.cart.lines(await buyer())).toEqual([]);
    expect(await stores.cart.lines("not-an-account")).toEqual([]);
  });
});

describe("saveLine", () => {
  it("adds a line with the time it joined, and answers the cart's lines, oldest first", async () => {
    const userId = await buyer();
    const [first, second] = await tools(2);
    const before = Date.now();
    const [added] = (await save(userId, line(first!, 2, { seenPriceCents: 1250, seenToolName: "Hammer" })))!;
    expect(added).toEqual({ toolId: first, quantity: 2, seenPriceCents: 1250, seenToolName: "Hammer", addedAt: expect.any(Date) as Date });
    expect(added!.addedAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    const after = (await save(userId, line(second!)))!;
    expect(after.map((held) => held.toolId)).toEqual([first, second]);
    expect(await stores.cart.lines(userId)).toEqual(after);
  });

  it("sets the quantity, price seen and name of a line it has, which keeps its time and place", async () => {
    const userId = await buyer();
    const [first, second] = await tools(2);
    await saveInTurn(userId, [first!, second!]);
    const [before] = await stores.cart.lines(userId);
    const after = (await save(userId, line(first!, 7, { seenPriceCents: 999, seenToolName: "Renamed" })))!;
    expect(after.map((held) => held.toolId)).toEqual([first, second]);
    expect(after[0]).toEqual({ toolId: first, quantity: 7, seenPriceCents: 999, seenToolName: "Renamed", addedAt: before!.addedAt });
  });

  it("refuses a tool the cart does not hold once it holds the most lines, and leaves it as it was; a line it holds can still be set", async () => {
    const userId = await buyer();
    const ids = await tools(MAX + 1);
    await saveInTurn(userId, ids.slice(0, MAX));
    const full = await stores.cart.lines(userId);
    expect(await save(userId, line(ids[MAX]!))).toBeNull();
    expect(await stores.cart.lines(userId)).toEqual(full);
    expect(quantities((await save(userId, line(ids[0]!, 9)))!)[0]).toEqual([ids[0], 9]);
  });

  it("of two tools saved at once into a cart one line short of full, keeps exactly one", async () => {
    const userId = await buyer();
    const ids = await tools(MAX + 1);
    await saveInTurn(userId, ids.slice(0, MAX - 1));
    const results = await Promise.all([save(userId, line(ids[MAX - 1]!)), save(userId, line(ids[MAX]!))]);
    expect(results.filter((result) => result === null)).toHaveLength(1);
    expect(await stores.cart.lines(userId)).toHaveLength(MAX);
  });

  it("keeps each buyer's cart apart", async () => {
    const [ann, bob] = [await buyer(), await buyer()];
    const toolId = await tool();
    await save(ann, line(toolId, 4));
    expect(await stores.cart.lines(bob)).toEqual([]);
    await save(bob, line(toolId, 6));
    expect(quantities(await stores.cart.lines(ann))).toEqual([[toolId, 4]]);
  });
});

describe("removeLine", () => {
  it("takes the tool's line out and answers what is left; a tool it does not hold, or no id at all, leaves it as it is", async () => {
    const userId = await buyer();
    const [first, second] = await tools(2);
    await saveInTurn(userId, [first!, second!]);
    expect((await remove(userId, first!)).map((held) => held.toolId)).toEqual([second]);
    const left = await stores.cart.lines(userId);
    for (const id of [first!, randomUUID(), "not-a-tool", "a/b"]) expect(await remove(userId, id)).toEqual(left);
    expect(await remove(userId, second!)).toEqual([]);
    expect(await stores.cart.lines(userId)).toEqual([]);
  });
});

describe("mergeLines", () => {
  it("keeps the larger quantity of a tool in both, with the cart's own price, name and time, and adds the others after, in the order given", async () => {
    const userId = await buyer();
    const [kept, raised, lowered, fresh, later] = await tools(5);
    await saveInTurn(userId, [kept!, raised!, lowered!]);
    const before = await stores.cart.lines(userId);
    const merged = await merge(
      userId,
      [line(later!, 1), line(raised!, 5, { seenPriceCents: 1, seenToolName: "Browser's" }), line(lowered!, 1), line(fresh!, 3)],
      50,
    );
    expect(quantities(merged)).toEqual([
      [kept, 2],
      [raised, 5],
      [lowered, 2],
      [later, 1],
      [fresh, 3],
    ]);
    expect(merged[1]).toEqual({ ...before[1]!, quantity: 5 });
    expect(await stores.cart.lines(userId)).toEqual(merged);
  });

  it("merging the same lines twice changes nothing the second time", async () => {
    const userId = await buyer();
    const [held, given] = await tools(2);
    await save(userId, line(held!, 2));
    const lines = [line(held!, 4), line(given!, 3)];
    const once = await merge(userId, lines);
    expect(await merge(userId, lines)).toEqual(once);
    expect(await stores.cart.lines(userId)).toEqual(once);
  });

  it("adds new tools only until the cart holds the most lines, and still raises the quantities of those it holds", async () => {
    const userId = await buyer();
    const ids = await tools(MAX + 2);
    await saveInTurn(userId, ids.slice(0, 2));
    const merged = await merge(userId, [line(ids[2]!, 1), line(ids[3]!, 1), line(ids[0]!, 8), line(ids[4]!, 1)]);
    expect(quantities(merged)).toEqual([
      [ids[0], 8],
      [ids[1], 2],
      [ids[2], 1],
    ]);
  });

  it("into an empty cart, keeps the lines in the order given", async () => {
    const userId = await buyer();
    const ids = await tools(3);
    const given = [ids[2]!, ids[0]!, ids[1]!];
    expect((await merge(userId, given.map((id) => line(id)))).map((held) => held.toolId)).toEqual(given);
    expect((await stores.cart.lines(userId)).map((held) => held.toolId)).toEqual(given);
  });
});

describe("removeLines", () => {
  it("takes these tools' lines out in the caller's change, and nothing when the change fails", async () => {
    const userId = await buyer();
    const ids = await tools(3);
    await saveInTurn(userId, ids);
    await expect(
      stores.change(async ({ tx }) => {
        await stores.cart.removeLines(tx, userId, [ids[0]!, ids[2]!]);
        throw new Error("the checkout was refused");
      }),
    ).rejects.toThrow("refused");
    expect(await stores.cart.lines(userId)).toHaveLength(3);
    await stores.change(({ tx }) => stores.cart.removeLines(tx, userId, [ids[0]!, ids[2]!, randomUUID(), "not-a-tool"]));
    expect((await stores.cart.lines(userId)).map((held) => held.toolId)).toEqual([ids[1]]);
    await stores.change(({ tx }) => stores.cart.removeLines(tx, userId, []));
    expect(await stores.cart.lines(userId)).toHaveLength(1);
  });
});

describe("forgetCart", () => {
  it("forgets the buyer's whole cart and no one else's; a cart never saved is forgotten too", async () => {
    const [ann, bob] = [await buyer(), await buyer()];
    const ids = await tools(2);
    await saveInTurn(ann, ids);
    await save(bob, line(ids[0]!));
    await stores.change(({ tx }) => stores.cart.forgetCart(tx, ann));
    expect(await stores.cart.lines(ann)).toEqual([]);
    expect(await stores.cart.lines(bob)).toHaveLength(1);
    const newcomer = await buyer();
    await stores.change(({ tx }) => stores.cart.forgetCart(tx, newcomer));
    expect(await stores.cart.lines(newcomer)).toEqual([]);
  });
});
