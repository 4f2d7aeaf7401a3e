export interface FreshCache<T> {
  /** The cached value if it is fresh enough, else `load()`'s, shared by concurrent callers. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** Forgets one key, including a load of it already under way. */
  forget(key: string): void;
  /** Forgets everything, including loads already under way. */
  invalidate(): void;
}

interface Load<T> {
  promise: Promise<T>;
  /** Set when a write happened while the load ran, so its value may miss that write. */
  stale: boolean;
}

/** How far into its life a value asked for starts its own reload, so busy keys never wait for one. */
const RELOAD_AHEAD_AT = 0.6;

/**
 * A read cache whose values are never older than `maxAgeMs`, measured from when their load
 * began. Other instances' writes are invisible to it, so that bound is the whole promise a
 * multi-instance deployment gets; this instance's writes call `forget()` or `invalidate()` and
 * show at once.
 *
 * A value asked for late in its life is still given, and its reload starts behind it; callers wait
 * only for a key nobody asked for lately, or when that reload outlasts the rest of the value's life.
 */
export function createFreshCache<T>({ maxAgeMs, maxEntries = 1000 }: { maxAgeMs: number; maxEntries?: number }): FreshCache<T> {
  const entries = new Map<string, { value: T; loadedAt: number }>();
  const loads = new Map<string, Load<T>>();

  function start(key: string, loader: () => Promise<T>): Load<T> {
    const startedAt = performance.now();
    let loading: Promise<T>;
    try {
      loading = loader();
    } catch (error) {
      // A loader that throws before it returns a promise fails its callers, not a caller holding a fresh value.
      loading = Promise.reject(error);
    }
    const load: Load<T> = {
      stale: false,
      promise: loading
        .then((value) => {
          if (!load.stale) {
            // Dropping the oldest entry keeps memory bounded; it is only loaded again if asked for.
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, loadedAt: startedAt });
          }
          return value;
        })
        .finally(() => {
          if (loads.get(key) === load) loads.delete(key);
        }),
    };
    return load;
  }

  return {
    get(key, loader) {
      const entry = entries.get(key);
      const age = entry ? performance.now() - entry.loadedAt : Infinity;
      if (entry && age < maxAgeMs) {
        if (age >= maxAgeMs * RELOAD_AHEAD_AT && !loads.has(key)) {
          const ahead = start(key, loader);
          loads.set(key, ahead);
          // Nobody waits on it yet; a failure is met by whoever asks once the value is too old.
          ahead.promise.catch(() => undefined);
        }
        return Promise.resolve(entry.value);
      }
      let load = loads.get(key);
      if (!load) {
        load = start(key, loader);
        loads.set(key, load);
      }
      return load.promise;
    },
    forget(key) {
      entries.delete(key);
      const running = loads.get(key);
      if (running) running.stale = true;
      loads.delete(key);
    },
    invalidate() {
      entries.clear();
      for (const running of loads.values()) running.stale = true;
      loads.clear();
    },
  };
}
