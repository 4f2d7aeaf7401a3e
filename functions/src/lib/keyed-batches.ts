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
  { maxBatch = 100, failsWaiting = () => false }: { maxBatch?: number; failsWaiting?: (error: unknown) => boolean } = {},
): KeyedBatches<I, O> {
  const waiting = new Map<string, { item: I; resolve: (result: O) => void; reject: (error: unknown) => void }[]>();

  async function drain(key: string, queue: NonNullable<ReturnType<typeof waiting.get>>) {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const results = await run(
          key,
          batch.map((entry) => entry.item),
        );
        batch.forEach((entry, i) => entry.resolve(results[i]!));
      } catch (error) {
        const failed = failsWaiting(error) ? [...batch, ...queue.splice(0)] : batch;
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
