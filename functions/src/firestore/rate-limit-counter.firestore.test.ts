import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectFirestore, type FirestoreHandle } from "./client.js";
import { firestoreRateLimitCounter } from "./rate-limit-counter.js";

let handle: FirestoreHandle;
beforeAll(() => {
  handle = connectFirestore({ projectId: `demo-toolshop-limits-${randomBytes(6).toString("hex")}` });
});
afterAll(async () => {
  await handle?.close();
  await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/${handle.projectId}/databases/(default)/documents`, { method: "DELETE" });
});

describe("rate limits counted in Firestore", () => {
  it("when requests of one key arrive at once from two instances, then exactly the limit is allowed and the rest are told when to retry", async () => {
    const first = firestoreRateLimitCounter(handle.db);
    const second = firestoreRateLimitCounter(handle.db);
    const key = `sign-in:${randomBytes(4).toString("hex")}`;
    const takes = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? first : second).take(key, 3)));
    expect(takes.filter((take) => take.allowed)).toHaveLength(3);
    for (const refused of takes.filter((take) => !take.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect((await first.take(`${key}:other`, 3)).allowed).toBe(true);
  });

  it("when a window is over, then the key is allowed again", async () => {
    const counter = firestoreRateLimitCounter(handle.db, { windowSeconds: 1 });
    const key = `orders:${randomBytes(4).toString("hex")}`;
    expect((await counter.take(key, 1)).allowed).toBe(true);
    let refusedOnce = false;
    for (let tries = 0; tries < 40; tries++) {
      const take = await counter.take(key, 1);
      if (!take.allowed) refusedOnce = true;
      else if (refusedOnce) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the key was never allowed again in a new window");
  });
});
