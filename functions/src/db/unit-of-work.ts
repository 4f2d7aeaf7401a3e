import type { Database, Transaction } from "./client.js";

/**
 * A change in progress: the transaction it writes in, and what must happen only once it has
 * committed (a cached answer forgotten, a provider called). A service that takes part in the
 * change registers its own after-commit work here, beside the write that needs it, so no caller
 * can forget it.
 */
export interface Work {
  tx: Transaction;
  /** Runs `effect` after the commit, in the order registered; never when the change fails. */
  afterCommit(effect: AfterCommit): void;
}

/**
 * Work after the commit. A failing effect does not undo the commit: the caller sees the error,
 * so an effect that may fail (a provider's call) handles its own failure and leaves a record a job
 * can retry.
 */
export type AfterCommit = () => void | Promise<void>;

/** Runs a change in one transaction, then its after-commit work. */
export type RunChange = <T>(change: (work: Work) => Promise<T>) => Promise<T>;

export function unitOfWork(db: Database): RunChange {
  return async (change) => {
    let effects: AfterCommit[] = [];
    const result = await db.transaction((tx) => {
      // An attempt that is run again starts with none of the effects of the one before.
      effects = [];
      return change({ tx, afterCommit: (effect) => void effects.push(effect) });
    });
    for (const effect of effects) await effect();
    return result;
  };
}
