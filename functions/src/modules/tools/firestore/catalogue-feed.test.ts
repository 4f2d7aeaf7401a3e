import type { Firestore } from "firebase-admin/firestore";
import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { CatalogueFeed, LOAD_CHUNK, LOOK_OVERLAP_MS, SWEEP_EVERY_MS, SWEEP_OVERLAP_MS } from "./catalogue-feed.js";

interface Stored {
  id: string;
  name: string;
  /** The writer's clock. */
  changedAtMs: number;
  /** The store's time of the write. */
  updatedAtMs: number;
}

type Look = { whole: true; after: string | null } | { since: number };

/**
 * A stand-in for `tools` that answers each look from the documents it holds now, at the store time
 * `readAtMs`, and records how it was asked.
 */
function fakeTools() {
  const stored = new Map<string, Stored>();
  const looks: Look[] = [];
  let readAtMs = 0;
  const snapshotOf = (documents: Stored[]) => ({
    readTime: Timestamp.fromMillis(readAtMs),
    size: documents.length,
    docs: documents.map(({ id, name, changedAtMs, updatedAtMs }) => ({
      id,
      readTime: Timestamp.fromMillis(readAtMs),
      updateTime: Timestamp.fromMillis(updatedAtMs),
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
  const inIdOrder = () => [...stored.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const chunk = (after: string | null) => ({
    startAfter: (last: { id: string }) => chunk(last.id),
    async *stream() {
      looks.push({ whole: true, after });
      const rest = inIdOrder().filter((document) => after === null || document.id > after);
      yield* snapshotOf(rest.slice(0, LOAD_CHUNK)).docs;
    },
  });
  const selected = {
    orderBy: () => ({ limit: () => chunk(null) }),
    where: (_field: string, _op: string, since: Timestamp) => ({
      get: () => {
        looks.push({ since: since.toMillis() });
        return Promise.resolve(snapshotOf(inIdOrder().filter((document) => document.changedAtMs > since.toMillis())));
      },
    }),
  };
  const db = { collection: () => ({ select: () => selected }) } as unknown as Firestore;
  return {
    db,
    looks,
    write: (document: Stored) => stored.set(document.id, document),
    readAt: (ms: number) => (readAtMs = ms),
  };
}

describe("the search index's feed", () => {
  it("when first used, then it reads every tool; then those changed since the store's time of the last look, less the overlap", async () => {
    let now = 5;
    const tools = fakeTools();
    tools.write({ id: "a", name: "Hammer", changedAtMs: 1, updatedAtMs: 1 });
    tools.readAt(100_000);
    const feed = new CatalogueFeed(tools.db, () => now);
    expect((await feed.current()).size).toBe(1);
    tools.write({ id: "b", name: "Saw", changedAtMs: 100_500, updatedAtMs: 100_500 });
    tools.readAt(101_000);
    now = 6;
    const index = await feed.current();
    expect(tools.looks).toEqual([{ whole: true, after: null }, { since: 100_000 - LOOK_OVERLAP_MS }]);
    expect(index.size).toBe(2);
    expect(index.dictionary.has("saw")).toBe(true);
  });

  it("when the catalogue is larger than a chunk, then the first look reads it chunk after chunk, each tool once", async () => {
    const tools = fakeTools();
    for (let i = 0; i < LOAD_CHUNK + 3; i++) tools.write({ id: `t${String(i).padStart(6, "0")}`, name: `Tool ${i}`, changedAtMs: 1, updatedAtMs: 1 });
    const index = await new CatalogueFeed(tools.db, () => 0).current();
    expect(index.size).toBe(LOAD_CHUNK + 3);
    expect(tools.looks).toEqual([
      { whole: true, after: null },
      { whole: true, after: `t${String(LOAD_CHUNK - 1).padStart(6, "0")}` },
    ]);
  });

  it("when a writer's clock is behind, then its later change still replaces the one the index holds", async () => {
    let now = 0;
    const tools = fakeTools();
    // An instance whose clock runs ahead wrote the tool first; one whose clock is right wrote it after.
    tools.write({ id: "a", name: "Hammer", changedAtMs: 105_000, updatedAtMs: 100_000 });
    tools.readAt(100_100);
    const feed = new CatalogueFeed(tools.db, () => now);
    await feed.current();
    tools.write({ id: "a", name: "Mallet", changedAtMs: 100_200, updatedAtMs: 100_200 });
    tools.readAt(100_300);
    now = 1_000;
    const index = await feed.current();
    expect(index.get("a")?.nameLower).toBe("mallet");
  });

  it("when a change's stamp is older than the overlap, then the next sweep finds it", async () => {
    let now = 0;
    const tools = fakeTools();
    tools.write({ id: "s", name: "Saw", changedAtMs: 1, updatedAtMs: 1 });
    tools.readAt(1_000_000);
    const feed = new CatalogueFeed(tools.db, () => now);
    await feed.current();
    // Stamped 30 s before the last look, committed after it: the next look starts 10 s before that look's read.
    tools.write({ id: "a", name: "Hammer", changedAtMs: 1_000_000 - 30_000, updatedAtMs: 1_030_000 });
    tools.readAt(1_040_000);
    now = 40_000;
    expect((await feed.current()).get("a")).toBeUndefined();
    tools.readAt(1_000_000 + SWEEP_EVERY_MS);
    now = SWEEP_EVERY_MS;
    expect((await feed.current()).get("a")?.nameLower).toBe("hammer");
    expect(tools.looks.slice(1)).toEqual([{ since: 1_000_000 - LOOK_OVERLAP_MS }, { since: 1_000_000 - SWEEP_OVERLAP_MS }]);
  });

  it("when the catalogue was empty at the first look, then the next look reads every tool there is", async () => {
    const tools = fakeTools();
    tools.readAt(50_000);
    const feed = new CatalogueFeed(tools.db, () => 0);
    expect((await feed.current()).size).toBe(0);
    tools.write({ id: "a", name: "Hammer", changedAtMs: 1, updatedAtMs: 60_000 });
    tools.readAt(60_000);
    expect((await feed.current()).size).toBe(1);
    expect(tools.looks).toEqual([{ whole: true, after: null }, { since: 0 }]);
  });

  it("when uses come while a look is under way, then they share the one look after it", async () => {
    const tools = fakeTools();
    const feed = new CatalogueFeed(tools.db, () => 1);
    const first = feed.current();
    const [second, third] = [feed.current(), feed.current()];
    await Promise.all([first, second, third]);
    expect(tools.looks).toHaveLength(2);
  });
});
