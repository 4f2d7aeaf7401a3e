import { type Firestore, Timestamp } from "firebase-admin/firestore";
import type { RateLimitCounter } from "../lib/rate-limit.js";
import { withinDeadline } from "./deadline.js";

export interface RateLimitCounterOptions {
  windowSeconds?: number;
}

const WINDOW_SECONDS = 60;
/**
 * How long a request waits for its slot: a limited request answers 503 when Firestore cannot be
 * reached, as soon as the health check says so.
 */
const SLOT_DEADLINE_MS = 5_000;
/** gRPC's ALREADY_EXISTS: the slot was taken by another request first. */
const ALREADY_EXISTS = 6;

/**
 * Fixed windows per key, counted in Firestore without a transaction: a window of `limit` requests
 * has `limit` slots, `rateLimits/{window}_{key}_{slot}`, and a request is allowed when it creates
 * one. Firestore creates a document once, so of a burst spread over any number of instances exactly
 * `limit` are allowed, and no request waits on another's lock. Each instance remembers the slots it
 * has seen taken, so once a window is full its refusals write and read nothing; a refused request
 * counts nothing. Windows are slices of the time each instance reads from Google's synchronised
 * clocks. Each slot carries `expiresAt`, the field of the collection's TTL policy (docs/firestore.md),
 * which deletes windows that are over. A slot whose write outlasts its deadline is left to the SDK,
 * which goes on trying it: if Firestore takes it after all, the window counts one request the API
 * answered 503, never one more than `limit` allowed.
 */
export function firestoreRateLimitCounter(db: Firestore, { windowSeconds = WINDOW_SECONDS }: RateLimitCounterOptions = {}): RateLimitCounter {
  const windowMs = windowSeconds * 1000;
  const slots = db.collection("rateLimits");
  // The next slot worth trying, per key, in the current window only.
  let window = 0;
  let nextSlot = new Map<string, number>();

  return {
    async take(key, limit) {
      const now = Date.now();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      if (windowStart !== window) {
        window = windowStart;
        nextSlot = new Map();
      }
      const windowKey = `${windowStart}_${encodeURIComponent(key)}`;
      for (;;) {
        const slot = nextSlot.get(windowKey) ?? 1;
        if (slot > limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
        nextSlot.set(windowKey, slot + 1);
        try {
          const taking = slots.doc(`${windowKey}_${slot}`).create({ key, windowStart: Timestamp.fromMillis(windowStart), slot, expiresAt: Timestamp.fromMillis(windowStart + 2 * windowMs) });
          await withinDeadline(taking, SLOT_DEADLINE_MS, "a rate limit's count");
          return { allowed: true };
        } catch (error) {
          if ((error as { code?: unknown }).code === ALREADY_EXISTS) continue;
          // Not known to be taken: the slot is tried again by the next request.
          if (window === windowStart) nextSlot.set(windowKey, Math.min(nextSlot.get(windowKey) ?? slot, slot));
          throw error;
        }
      }
    },
  };
}
