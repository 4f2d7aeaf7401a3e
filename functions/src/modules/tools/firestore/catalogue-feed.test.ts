import type { Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { CatalogueFeed, LOOK_OVERLAP_MS, RELOAD_AFTER_MS } from "./catalogue-feed.js";

interface Look {
  since: number | null;
}

/** A stand-in for `tools` that answers each look with the documents given for it, and records how it was asked. */
function fakeTools(answers: Array<Array<{ id: string; name: string; changedAtMs: number }>>) {
  const looks: Look[] = [];
  const answer = (since: number | null) => {
    looks.push({ since });
    const documents = answers.shift() ?? [];
    return Promise.resolve({
      docs: documents.map(({ id, name, changedAtMs }) => ({
        id,
        data: () => ({
          nameLower: name.toLowerCase(),
          name,
          description: "",
          words: [name.toLowerCase()],
          unitPriceCents: 1,
          createdAt: Timestamp.fromMillis(1),
          stock: 1,
          minOrderQuantity: 1,
          deletedAt: null,
          changedAt: Timestamp.fromMillis(changedAtMs),
        }),
      })),
    });
  };
  const selected = {
    get: () => answer(null),
    where: (_field: string, _op: string, since: Timestamp) => ({ get: () => answer(since.toMillis()) }),
  };
  const db = { collection: () => ({ select: () => selected }) } as unknown as Firestore;
  return { db, looks };
}

describe("the search index's feed", () => {
  it("when first used, then it reads every tool; then only those changed since the last look, less the overlap", async () => {
    let now = 100_000;
    const { db, looks } = fakeTools([[{ id: "a", name: "Hammer", changedAtMs: 1 }], [{ id: "b", name: "Saw", changedAtMs: 100_500 }]]);
    const feed = new CatalogueFeed(db, () => now);
    expect((await feed.current()).size).toBe(1);
    now = 101_000;
    const index = await feed.current();
    expect(looks).toEqual([{ since: null }, { since: 100_000 - LOOK_OVERLAP_MS }]);
    expect(index.size).toBe(2);
    expect(index.dictionary.has("saw")).toBe(true);
  });

  it("when uses come while a look is under way, then they share the one look after it", async () => {
    const { db, looks } = fakeTools([]);
    const feed = new CatalogueFeed(db, () => 1);
    const first = feed.current();
    const [second, third] = [feed.current(), feed.current()];
    await Promise.all([first, second, third]);
    expect(looks).toHaveLength(2);
  });

  it("when the index is older than the reload period, then it is read whole again", async () => {
    let now = 0;
    const { db, looks } = fakeTools([]);
    const feed = new CatalogueFeed(db, () => now);
    await feed.current();
    now = RELOAD_AFTER_MS;
    await feed.current();
    expect(looks).toEqual([{ since: null }, { since: null }]);
  });
});
