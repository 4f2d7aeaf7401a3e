import DataLoader from "dataloader";
import type { Principal, PrincipalLookup } from "../../lib/auth.js";
import { canonicalId } from "../../lib/ids.js";
import type { UsersStore } from "./users.store.js";

/** Enough ids for one statement; a busier moment sends more than one. */
const MOST_IDS_PER_READ = 500;

/**
 * Every authenticated call reads its account, so the calls that arrive in one turn of the event
 * loop share one read, sent once that turn is over. Each read still starts after the calls it
 * answers arrived, and nothing is kept after it, so Make Admin and Remove User act at once.
 */
export function createPrincipalLoader(store: Pick<UsersStore, "findPrincipals">): PrincipalLookup {
  const loader = new DataLoader<string, Principal | null>(
    async (ids) => {
      const rows = await store.findPrincipals([...new Set(ids)]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { cache: false, maxBatchSize: MOST_IDS_PER_READ, batchScheduleFn: (send) => setImmediate(send) },
  );
  return (id) => {
    const userId = canonicalId(id);
    return userId ? loader.load(userId) : Promise.resolve(null);
  };
}
