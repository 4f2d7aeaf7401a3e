import { type Firestore, Timestamp } from "firebase-admin/firestore";
import type { RateLimitCounter } from "../lib/rate-limit.js";
import { DocumentLanes } from "./document-lanes.js";

export interface RateLimitCounterOptions {
  windowSeconds?: number;
}

const WINDOW_SECONDS = 60;

/**
 * Fixed windows per key, counted in Firestore (`rateLimits/{window}_{key}`): every instance shares
 * one count. A request is one transaction on its window's document: read the count, and write it
 * one higher only while the window has room, so of a burst spread over any number of instances
 * exactly `limit` are allowed, and a full window is not written at all. Windows are slices of the
 * time each instance reads from Google's synchronised clocks, so they agree to well within a
 * second. Each document carries `expiresAt`, the field of the collection's TTL policy
 * (docs/firestore.md), which deletes windows that are over.
 */
export function firestoreRateLimitCounter(db: Firestore, { windowSeconds = WINDOW_SECONDS }: RateLimitCounterOptions = {}): RateLimitCounter {
  const windowMs = windowSeconds * 1000;
  // A burst on one key in this instance takes turns at its window's document (document-lanes.ts).
  const lanes = new DocumentLanes();
  return {
    async take(key, limit) {
      const now = Date.now();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const ref = db.collection("rateLimits").doc(`${windowStart}_${encodeURIComponent(key)}`);
      const turn = lanes.holder();
      await turn.enter([ref.path]);
      const allowed = await db
        .runTransaction(async (transaction) => {
          const count = ((await transaction.get(ref)).get("count") as number | undefined) ?? 0;
          if (count >= limit) return false;
          transaction.set(ref, { key, windowStart: Timestamp.fromMillis(windowStart), count: count + 1, expiresAt: Timestamp.fromMillis(windowStart + 2 * windowMs) });
          return true;
        })
        .finally(() => turn.release());
      if (allowed) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
    },
  };
}
