import type { Tx } from "../../lib/change.js";
import { notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import type { WishesStore, WishRecord } from "./wishes.store.js";

/** The wishes an answer names, each once; an id that cannot name a wish is not found. */
export function wishIdsOf(ids: string[]): string[] {
  const canonical = ids.map(canonicalId);
  if (canonical.some((id) => id === null)) throw notFound("Wish");
  return [...new Set(canonical as string[])];
}

/** Every wish named, locked until the answer commits; one missing and nothing changes. */
export async function lockNamedWishes(store: WishesStore, tx: Tx, ids: string[]): Promise<WishRecord[]> {
  const rows = await store.lockWishes(tx, ids);
  if (rows.length !== ids.length) throw notFound("Wish");
  return rows;
}
