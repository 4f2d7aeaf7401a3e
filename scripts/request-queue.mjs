// A bounded queue in front of work that may run only `concurrency` at a time, for the local front
// door (front-door.mjs): the Functions emulator starts a worker process for every request that finds
// no idle one, so a burst let through whole starts hundreds of them, and the Hosting emulator's proxy
// gives up on the slowest after 60 s. The deployed function instead serves a bounded number at once
// (docs/decisions/0022-bursts-on-the-local-stack.md).

/**
 * `enter(signal)` resolves with one of:
 * - `{ admitted: true, release }` once a place is free; `release()` (idempotent) frees it;
 * - `{ admitted: false, reason: "full" }` at once, when `maxQueued` requests already wait;
 * - `{ admitted: false, reason: "timeout" }` when no place came free within `maxWaitMs`;
 * - `{ admitted: false, reason: "gone" }` when `signal` aborted first (the client went away).
 * Waiting requests are admitted in the order they came.
 */
export function createRequestQueue({ concurrency, maxQueued, maxWaitMs }) {
  if (!(concurrency >= 1)) throw new Error(`concurrency must be at least 1, not ${concurrency}`);
  let running = 0;
  /** @type {{ admit: () => void }[]} */
  const waiting = [];

  function admitted() {
    running += 1;
    let released = false;
    return {
      admitted: true,
      release() {
        if (released) return;
        released = true;
        running -= 1;
        waiting.shift()?.admit();
      },
    };
  }

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    enter(signal) {
      if (signal?.aborted) return Promise.resolve({ admitted: false, reason: "gone" });
      if (running < concurrency && waiting.length === 0) return Promise.resolve(admitted());
      if (waiting.length >= maxQueued) return Promise.resolve({ admitted: false, reason: "full" });
      return new Promise((resolve) => {
        const leave = (reason) => {
          const at = waiting.indexOf(entry);
          if (at !== -1) waiting.splice(at, 1);
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve({ admitted: false, reason });
        };
        const onAbort = () => leave("gone");
        const entry = {
          admit() {
            clearTimeout(timer);
            signal?.removeEventListener("abort", onAbort);
            resolve(admitted());
          },
        };
        const timer = setTimeout(() => leave("timeout"), maxWaitMs);
        signal?.addEventListener("abort", onAbort, { once: true });
        waiting.push(entry);
      });
    },
  };
}
