import { type AfterCommit, type RunChange, runEffects, type Tx } from "../lib/change.js";
import type { Database, Transaction } from "./client.js";

export type { AfterCommit, RunChange, Tx, Work } from "../lib/change.js";

/** PostgreSQL's unit of work: one transaction, then the after-commit work it registered. */
export function unitOfWork(db: Database): RunChange {
  return async (change) => {
    let effects: AfterCommit[] = [];
    const result = await db.transaction((tx) => {
      // An attempt that is run again starts with none of the effects of the one before.
      effects = [];
      return change({ tx: tx as unknown as Tx, afterCommit: (effect) => void effects.push(effect) });
    });
    await runEffects(effects);
    return result;
  };
}

/** The PostgreSQL transaction inside a `Tx` this store opened; for the store's own code only. */
export const inPostgres = (tx: Tx): Transaction => tx as unknown as Transaction;
