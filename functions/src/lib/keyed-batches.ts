interface Waiting<I, O> {
  item: I;
  resolve: (result: O) => void;
  reject: (error: unknown) => void;
}

export interface KeyedBatches<I, O> {
  /** Queues an item under its key; resolves with its own result once its batch has run. */
  submit(key: string, item: I): Promise<O>;
}

/**
 * Runs the items of one key in batches, one batch at a time per key: whatever arrived while a
 * batch ran goes in the next. Nothing waits on a timer, so a lone item runs at once, and under load
 * many items share one run (one transaction, one commit).
 *
 * `run` returns one result per item, in the items' order; if it throws, every item of that batch
 * gets the error, and so does every item waiting behind it when `failsWaiting(error)` says the
 * next batch would fail the same way (a database that cannot be reached), so none waits out a
 * second timeout.
 */
export function createKeyedBatches<I, O>(
  run: (key: string, items: I[]) => Promise<O[]>,
  {
    maxBatch = 100,
    maxWeight = Infinity,
    weigh = () => 1,
    maxWaiting = 1000,
    failsWaiting = () => false,
    tooBusy = () => new Error("Too many items are waiting for this key."),
  }: {
    maxBatch?: number;
    /**
     * What the items of one batch may weigh together (the writes they make); a batch takes items in
     * order while they fit, and always at least one.
     */
    maxWeight?: number;
    weigh?: (item: I) => number;
    /** Items a key may hold waiting; more are refused with `tooBusy()` rather than queued without end. */
    maxWaiting?: number;
    failsWaiting?: (error: unknown) => boolean;
    tooBusy?: () => unknown;
  } = {},
): KeyedBatches<I, O> {
  const waiting = new Map<string, Waiting<I, O>[]>();

  function failsWaitingSafely(error: unknown): boolean {
    try {
      return failsWaiting(error);
    } catch {
      // A judgement that fails cannot stop the queue: the waiting items get their own try.
      return false;
    }
  }

  async function drain(key: string, queue: Waiting<I, O>[]) {
    while (queue.length > 0) {
      let size = 0;
      for (let weight = 0; size < Math.min(maxBatch, queue.length); size++) {
        weight += weigh(queue[size]!.item);
        if (size > 0 && weight > maxWeight) break;
      }
      const batch = queue.splice(0, size);
      try {
        const results = await run(
          key,
          batch.map((entry) => entry.item),
        );
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        const failed = failsWaitingSafely(error) ? [...batch, ...queue.splice(0)] : batch;
        for (const entry of failed) entry.reject(error);
      }
    }
    waiting.delete(key);
  }

  return {
    submit(key, item) {
      return new Promise<O>((resolve, reject) => {
        const queue = waiting.get(key);
        if (queue) {
          if (queue.length >= maxWaiting) return reject(tooBusy());
          queue.push({ item, resolve, reject });
          return;
        }
        const started = [{ item, resolve, reject }];
        waiting.set(key, started);
        void drain(key, started);
      });
    },
  };
}
