/** gRPC's DEADLINE_EXCEEDED, which errors.ts counts as Firestore unreachable: the API answers 503. */
const DEADLINE_EXCEEDED = 4;

/**
 * `work`'s answer, or a rejection with the code of a missed deadline once `ms` have passed without
 * one. The SDK retries a Firestore it cannot reach for most of a minute (a read) or ten (a write
 * outside a transaction), and takes no deadline of its own; a request that waits on it answers 503
 * within its deadline instead. The SDK cannot cancel a call, so `work` goes on: what it does if
 * Firestore answers after all must be as harmless as the caller's retry.
 */
export async function withinDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const missed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Firestore did not answer ${what} within ${ms} ms`), { code: DEADLINE_EXCEEDED })), ms);
  });
  try {
    return await Promise.race([work, missed]);
  } finally {
    clearTimeout(timer);
  }
}
