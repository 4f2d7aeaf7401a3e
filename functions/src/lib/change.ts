/**
 * A change to the shop's data, whatever store holds it (PostgreSQL or Firestore): the store's
 * transaction, opaque outside the store that opened it, and what must follow the commit.
 */
declare const storeTransaction: unique symbol;

/** A store's transaction in progress. Only that store's code looks inside it. */
export interface Tx {
  readonly [storeTransaction]: true;
}

/**
 * A change in progress: the transaction it writes in, and what must happen only once it has
 * committed (a cached answer forgotten, a provider called). A service that takes part in the
 * change registers its own after-commit work here, beside the write that needs it, so no caller
 * can forget it.
 */
export interface Work {
  tx: Tx;
  /** Runs `effect` after the commit, in the order registered; never when the change fails. */
  afterCommit(effect: AfterCommit): void;
}

/**
 * Work after the commit. A failing effect does not undo the commit, nor keep the effects after it
 * from running; the caller sees the first failure. So an effect that may fail (a provider's call)
 * handles its own failure and leaves a record a job can retry.
 */
export type AfterCommit = () => void | Promise<void>;

/** Runs a change in one transaction of the store, then its after-commit work. */
export type RunChange = <T>(change: (work: Work) => Promise<T>) => Promise<T>;

/**
 * Runs a committed change's effects in order. Each runs whatever the one before did (a cache must be
 * forgotten even after a provider's call failed); the first failure then reaches the caller.
 */
export async function runEffects(effects: readonly AfterCommit[]): Promise<void> {
  const failures: unknown[] = [];
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
