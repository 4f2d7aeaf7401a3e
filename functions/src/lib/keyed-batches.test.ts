import { describe, expect, it } from "vitest";
import { createKeyedBatches } from "./keyed-batches.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("keyed batches", () => {
  it("runs a lone item at once, and what arrives meanwhile in the next batch, in order", async () => {
    const runs: number[][] = [];
    const gate = deferred();
    const batches = createKeyedBatches<number, string>(async (_key, items) => {
      runs.push(items);
      if (runs.length === 1) await gate.promise;
      return items.map((n) => `result ${n}`);
    });
    const first = batches.submit("tool", 1);
    const rest = [2, 3, 4].map((n) => batches.submit("tool", n));
    gate.resolve();
    expect(await first).toBe("result 1");
    expect(await Promise.all(rest)).toEqual(["result 2", "result 3", "result 4"]);
    expect(runs).toEqual([[1], [2, 3, 4]]);
  });

  it("takes items into a batch while their weight fits, and a heavy item alone", async () => {
    const runs: number[][] = [];
    const gate = deferred();
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        runs.push(items);
        if (runs.length === 1) await gate.promise;
        return items;
      },
      { maxWeight: 10, weigh: (n) => n },
    );
    const all = [1, 4, 5, 2, 12, 3].map((n) => batches.submit("checkouts", n));
    gate.resolve();
    expect(await Promise.all(all)).toEqual([1, 4, 5, 2, 12, 3]);
    expect(runs).toEqual([[1], [4, 5], [2], [12], [3]]);
  });

  it("runs different keys side by side and never two batches of one key at once", async () => {
    let running = 0;
    let most = 0;
    const batches = createKeyedBatches<number, number>(async (key, items) => {
      if (key === "a") running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (key === "a") running--;
      return items;
    });
    const results = await Promise.all([...Array.from({ length: 20 }, (_, i) => batches.submit("a", i)), batches.submit("b", 99)]);
    expect(results).toEqual([...Array.from({ length: 20 }, (_, i) => i), 99]);
    expect(most).toBe(1);
  });

  it("keeps a batch to maxBatch items", async () => {
    const sizes: number[] = [];
    const gate = deferred();
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        sizes.push(items.length);
        if (sizes.length === 1) await gate.promise;
        return items;
      },
      { maxBatch: 3 },
    );
    const all = Array.from({ length: 8 }, (_, i) => batches.submit("k", i));
    gate.resolve();
    await Promise.all(all);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });

  it("gives a failed run's error to each item of that batch only, and goes on with the next", async () => {
    const gate = deferred();
    let calls = 0;
    const batches = createKeyedBatches<number, number>(async (_key, items) => {
      calls++;
      if (calls === 1) {
        await gate.promise;
        throw new Error("database down");
      }
      return items;
    });
    const failed = batches.submit("k", 1);
    const next = batches.submit("k", 2);
    gate.resolve();
    await expect(failed).rejects.toThrow("database down");
    expect(await next).toBe(2);
    expect(await batches.submit("k", 3)).toBe(3);
  });

  it("fails the items waiting behind a batch at once when its error says the next would fail too", async () => {
    const gate = deferred();
    let calls = 0;
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        calls++;
        if (calls === 1) {
          await gate.promise;
          throw new Error("database unreachable");
        }
        return items;
      },
      { failsWaiting: (error) => error instanceof Error && error.message === "database unreachable" },
    );
    const first = batches.submit("k", 1);
    const waiting = [batches.submit("k", 2), batches.submit("k", 3)];
    gate.resolve();
    await expect(first).rejects.toThrow("database unreachable");
    for (const item of waiting) await expect(item).rejects.toThrow("database unreachable");
    expect(calls).toBe(1);
    expect(await batches.submit("k", 4)).toBe(4);
  });

  it("refuses an item once its key has maxWaiting items waiting, and takes items again as they drain", async () => {
    const gate = deferred();
    const batches = createKeyedBatches<number, number>(
      async (key, items) => {
        if (key === "k") await gate.promise;
        return items;
      },
      { maxWaiting: 2, tooBusy: () => new Error("busy") },
    );
    const running = batches.submit("k", 1);
    const queued = [batches.submit("k", 2), batches.submit("k", 3)];
    await expect(batches.submit("k", 4)).rejects.toThrow("busy");
    expect(await batches.submit("other", 5)).toBe(5);
    gate.resolve();
    expect(await Promise.all([running, ...queued])).toEqual([1, 2, 3]);
    expect(await batches.submit("k", 6)).toBe(6);
  });

  it("goes on when judging a failure itself fails", async () => {
    let calls = 0;
    const batches = createKeyedBatches<number, number>(
      async (_key, items) => {
        if (++calls === 1) throw new Error("first batch fails");
        return items;
      },
      {
        failsWaiting: () => {
          throw new Error("broken judgement");
        },
      },
    );
    await expect(batches.submit("k", 1)).rejects.toThrow("first batch fails");
    expect(await batches.submit("k", 2)).toBe(2);
  });
});
