import { afterEach, describe, expect, it, vi } from "vitest";
import { createFreshCache } from "./fresh-cache.js";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe("fresh cache", () => {
  afterEach(() => vi.useRealTimers());

  it("answers from memory while fresh and loads again once older than its bound", async () => {
    vi.useFakeTimers();
    const cache = createFreshCache<number>({ maxAgeMs: 500 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    vi.advanceTimersByTime(499);
    expect(await cache.get("k", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get("k", load)).toBe(2);
  });

  it("reloads a value asked for late in its life behind it, and never gives one past its bound", async () => {
    vi.useFakeTimers();
    const cache = createFreshCache<string>({ maxAgeMs: 500 });
    expect(await cache.get("k", async () => "first")).toBe("first");
    vi.advanceTimersByTime(299);
    const untouched = vi.fn(async () => "too early");
    expect(await cache.get("k", untouched)).toBe("first");
    expect(untouched).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    const reload = deferred<string>();
    const load = vi.fn(() => reload.promise);
    // Late in its life: the caller still gets the value at once, and one reload starts.
    expect(await cache.get("k", load)).toBe("first");
    expect(await cache.get("k", load)).toBe("first");
    expect(load).toHaveBeenCalledTimes(1);

    // The reload has not come back when the value reaches its bound: callers wait for it.
    vi.advanceTimersByTime(200);
    const waiting = cache.get("k", load);
    reload.resolve("second");
    expect(await waiting).toBe("second");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("after a failed reload ahead, keeps the value to its bound and then loads again", async () => {
    vi.useFakeTimers();
    const cache = createFreshCache<string>({ maxAgeMs: 500 });
    await cache.get("k", async () => "first");
    vi.advanceTimersByTime(400);
    expect(await cache.get("k", () => Promise.reject(new Error("down")))).toBe("first");
    await vi.advanceTimersByTimeAsync(99);
    expect(await cache.get("k", () => Promise.reject(new Error("still down")))).toBe("first");
    await vi.advanceTimersByTimeAsync(1);
    expect(await cache.get("k", async () => "up")).toBe("up");
  });

  it("fails the callers of a loader that throws at once, and keeps a fresh value for the others", async () => {
    vi.useFakeTimers();
    const cache = createFreshCache<string>({ maxAgeMs: 500 });
    const throwing = (): Promise<string> => {
      throw new Error("broken");
    };
    await expect(cache.get("new", throwing)).rejects.toThrow("broken");
    await cache.get("k", async () => "first");
    vi.advanceTimersByTime(400);
    expect(await cache.get("k", throwing)).toBe("first");
  });

  it("shares one load between concurrent callers", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 500 });
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const both = Promise.all([cache.get("k", load), cache.get("k", load)]);
    pending.resolve("v");
    expect(await both).toEqual(["v", "v"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a value whose load began before a write to its key", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 60_000 });
    const before = deferred<string>();
    const first = cache.get("k", () => before.promise);
    cache.forget("k");
    before.resolve("before the write");
    expect(await first).toBe("before the write");
    expect(await cache.get("k", async () => "after the write")).toBe("after the write");
  });

  it("forgets one key and keeps the others", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 60_000 });
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    cache.forget("a");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("b", async () => "b2")).toBe("b1");
  });

  it("invalidates everything, loads under way included", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 60_000 });
    await cache.get("a", async () => "a1");
    const pending = deferred<string>();
    const running = cache.get("b", () => pending.promise);
    cache.invalidate();
    pending.resolve("b1");
    await running;
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
  });

  it("keeps at most maxEntries values, dropping the oldest", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 60_000, maxEntries: 2 });
    await cache.get("a", async () => "a1");
    await cache.get("b", async () => "b1");
    await cache.get("c", async () => "c1");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    expect(await cache.get("c", async () => "c2")).toBe("c1");
  });

  it("does not keep a failed load", async () => {
    const cache = createFreshCache<string>({ maxAgeMs: 60_000 });
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => "up")).toBe("up");
  });
});
