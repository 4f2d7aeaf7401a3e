import type { Queryable } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import * as repository from "./wishes.repository.js";
import type { WishRow } from "./wishes.tables.js";

/** The wishes an answer names, each once; an id that cannot name a wish is not found. */
export function wishIdsOf(ids: string[]): string[] {
  const canonical = ids.map(canonicalId);
  if (canonical.some((id) => id === null)) throw notFound("Wish");
  return [...new Set(canonical as string[])];
}

/** Every wish named, locked until the answer commits; one missing and nothing changes. */
export async function lockNamedWishes(tx: Queryable, ids: string[]): Promise<WishRow[]> {
  const rows = await repository.lockWishes(tx, ids);
  if (rows.length !== ids.length) throw notFound("Wish");
  return rows;
}
