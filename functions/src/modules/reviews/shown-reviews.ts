import type { UsersService } from "../users/users.service.js";
import type { ReviewRecord, ReviewsStore } from "./reviews.store.js";

/** The most reviews one read takes, however many of them turn out to be hidden. */
const MOST_PER_READ = 1000;

/**
 * The newest reviews shown: neither taken down by an admin nor written from an account that was
 * removed since. Which accounts are removed is the users module's to say, so the reviews are read
 * newest first, a batch at a time, and those of removed accounts left out, until `limit` are found
 * or none are left. The first batch is `limit` reviews, what the page shows when none is hidden;
 * each batch after it is twice the one before, so many reviews of removed accounts take few reads.
 */
export async function shownReviews(store: ReviewsStore, users: Pick<UsersService, "removedAmong">, limit: number): Promise<ReviewRecord[]> {
  const shown: ReviewRecord[] = [];
  let afterId: string | null = null;
  let batch = limit;
  for (;;) {
    const rows = await store.notTakenDown({ afterId, limit: batch });
    const removed = await users.removedAmong([...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))]);
    for (const row of rows) {
      // A review written without an account (the demo's) has no author to remove.
      if (row.userId !== null && removed.has(row.userId)) continue;
      shown.push(row);
      if (shown.length === limit) return shown;
    }
    if (rows.length < batch) return shown;
    afterId = rows.at(-1)!.id;
    batch = Math.min(batch * 2, MOST_PER_READ);
  }
}
