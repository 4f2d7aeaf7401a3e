export interface FreshCache<T> {
  /** The cached value if it is fresh enough, else `load()`'s, shared by concurrent callers. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets everything, including loads already under way. */
  invalidate(): void;
}

/**
 * A read cache whose values are never older than `maxAgeMs`, measured from when their load
 * began. Other instances' writes are invisible to it, so that bound is the whole promise a
 * multi-instance deployment gets; this instance's writes call `invalidate()` and show at once.
 */
export function createFreshCache<T>({ maxAgeMs, maxEntries = 1000 }: { maxAgeMs: number; maxEntries?: number }): FreshCache<T> {
  const entries = new Map<string, { value: T; loadedAt: number }>();
  const loads = new Map<string, Promise<T>>();
  let generation = 0;

  async function load(key: string, loader: () => Promise<T>): Promise<T> {
    const startedAt = performance.now();
    const startedIn = generation;
    const value = await loader();
    // A write during the load may not be in the value: keep it only if none happened.
    if (startedIn === generation) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, loadedAt: startedAt });
    }
    return value;
  }

  return {
    get(key, loader) {
      const entry = entries.get(key);
      if (entry && performance.now() - entry.loadedAt < maxAgeMs) return Promise.resolve(entry.value);
      const running = loads.get(key);
      if (running) return running;
      const started: Promise<T> = load(key, loader).finally(() => {
        if (loads.get(key) === started) loads.delete(key);
      });
      loads.set(key, started);
      return started;
    },
    invalidate() {
      generation++;
      entries.clear();
      loads.clear();
    },
  };
}
