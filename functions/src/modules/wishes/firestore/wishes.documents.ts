import type { Timestamp } from "firebase-admin/firestore";
import type { WishStatus } from "../wishes.schemas.js";
import type { GroupedWishRecord, NewWish, WishRecord } from "../wishes.store.js";
import { wishKey } from "../wish-key.js";
export { canNameDocument } from "../../../firestore/document-id.js";

/** `wishes/{wishId}` (docs/firestore.md). */
export interface WishDocument {
  wisherId: string;
  userName: string;
  name: string;
  nameKey: string;
  priceCents: number;
  details: string;
  createdAt: Timestamp;
  status: WishStatus;
  toolId: string | null;
  resolvedAt: Timestamp | null;
}

/** How many of a group's wishes share one value (a wisher, a wisher's name). */
export interface Tally {
  value: string;
  count: number;
}

/** `wishGroups/{status}:{nameKey}`: the wishes of one answer that share a key, kept with each of them. */
export interface WishGroupDocument {
  status: WishStatus;
  key: string;
  /** The name as the most recent wish spells it. */
  name: string;
  count: number;
  latestAt: Timestamp;
  latestWishId: string;
  /** How many wishes offered each price, by the price in cents: the median, exactly. */
  priceCounts: Record<string, number>;
  /** The wishers' account ids, for a search by their address. */
  wisherIds: Tally[];
  /** The wishers' names in lower case, for a search by name. */
  userNames: Tally[];
}

/** `wishers/{accountId}`: User Wish's copy of an account. */
export interface WisherDocument {
  email: string;
  removed: boolean;
}

/** A wish and its document's id. */
export interface StoredWish {
  id: string;
  wish: WishDocument;
}

export const groupId = (status: WishStatus, key: string): string => `${status}:${key}`;

export const wishDocument = (wish: NewWish, now: Timestamp): WishDocument => ({
  wisherId: wish.userId,
  userName: wish.userName,
  name: wish.name,
  nameKey: wishKey(wish.name),
  priceCents: wish.priceCents,
  details: wish.details,
  createdAt: now,
  status: "open",
  toolId: null,
  resolvedAt: null,
});

export const wishRecordOf = ({ id, wish }: StoredWish): WishRecord => ({
  id,
  userId: wish.wisherId,
  userName: wish.userName,
  name: wish.name,
  priceCents: wish.priceCents,
  details: wish.details,
  createdAt: wish.createdAt.toDate(),
  status: wish.status,
  toolId: wish.toolId,
  resolvedAt: wish.resolvedAt === null ? null : wish.resolvedAt.toDate(),
  nameKey: wish.nameKey,
});

export const groupedWishRecordOf = (stored: StoredWish, userEmail: string | null): GroupedWishRecord => ({ ...wishRecordOf(stored), userEmail });

/** Whether a string can be a document's id; any other (empty, with a `/`, too long, reserved) names no document. */

/** When a wish was made, and its id: the lists' order, newest first, then by id. */
export interface Moment {
  at: Timestamp;
  id: string;
}

/** Whether `a` comes before `b` in that order: later, or at the same moment with the higher id. */
export const isLater = (a: Moment, b: Moment): boolean => {
  const difference = a.at.toMillis() - b.at.toMillis();
  return difference > 0 || (difference === 0 && a.id > b.id);
};

export const momentOf = ({ id, wish }: StoredWish): Moment => ({ at: wish.createdAt, id });

/** The median of the prices counted, halfway between the middle two of an even count. */
export function medianOf(priceCounts: Record<string, number>): number {
  const prices = Object.entries(priceCounts)
    .map(([cents, count]) => [Number(cents), count] as const)
    .sort(([a], [b]) => a - b);
  const total = prices.reduce((sum, [, count]) => sum + count, 0);
  const at = (place: number) => {
    let seen = 0;
    for (const [cents, count] of prices) {
      seen += count;
      if (place < seen) return cents;
    }
    return 0;
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.ceil((total - 1) / 2))) / 2;
}

/** A tally with `value` counted `by` more (or fewer); a value counted down to none is dropped. */
export function tallied(tallies: Tally[], value: string, by: number): Tally[] {
  const found = tallies.find((tally) => tally.value === value);
  if (!found) return by > 0 ? [...tallies, { value, count: by }] : tallies;
  return tallies.flatMap((tally) => (tally !== found ? [tally] : tally.count + by > 0 ? [{ value, count: tally.count + by }] : []));
}
