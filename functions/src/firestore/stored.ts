import type { Timestamp } from "firebase-admin/firestore";

/**
 * A record's fields as a document stores them: each `Date` a Firestore `Timestamp` (a time not yet
 * come stays `null`), every other field as the record has it. A store's document types are made
 * from its port's records, so the two cannot drift apart.
 */
export type Stored<T> = {
  [K in keyof T]: T[K] extends Date ? Timestamp : T[K] extends Date | null ? Timestamp | null : T[K];
};
