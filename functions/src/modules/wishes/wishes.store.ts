import type { Tx } from "../../lib/change.js";
import type { WishStatus } from "./wishes.schemas.js";

/** A buyer's wish as the store keeps it. */
export interface WishRecord {
  id: string;
  userId: string;
  /** The wisher's name when they wished. */
  userName: string;
  name: string;
  priceCents: number;
  details: string;
  createdAt: Date;
  /** An admin's answer to the wish: still open, done (the tool is sold) or declined. */
  status: WishStatus;
  /** The tool added for this wish, whose buyers are told when it is on sale. */
  toolId: string | null;
  resolvedAt: Date | null;
  /** The name under which wishes for the same tool meet: `wishKey(name)` (wish-key.ts), kept by the store. */
  nameKey: string;
}

export type NewWish = Pick<WishRecord, "userId" | "userName" | "name" | "priceCents" | "details">;

/**
 * User Wish's own copy of an account (docs/decisions/0023-wishers-read-model.md): the address its
 * wisher has now, and whether an admin removed it. The users module keeps it current through the
 * wishes service, in the change to the account itself.
 */
export interface WisherRecord {
  userId: string;
  /** The account's address, as the users module keeps it; kept after a removal, so a search still finds it. */
  email: string;
  removed: boolean;
}

/** What User Wish asks for: the wishes of one answer, a search, and where the page starts. */
export interface WishGroupsView {
  status: WishStatus;
  /** The search, lower-cased and single-spaced; null is no search. */
  q: string | null;
  /** The search as a tool's name is grouped (`wishKey`); null or empty matches no name. */
  nameKey: string | null;
  /** The id of the most recent wish of the group the page before ended on. */
  afterId: string | null;
  limit: number;
  /** The most of a group's wishes listed, newest first. */
  wishesPerGroup: number;
}

export interface GroupedWishRecord extends WishRecord {
  /** The wisher's address from the wishers' copy; null once the account was removed. */
  userEmail: string | null;
}

/** One group of User Wish: the wishes of one answer that share a `nameKey`. */
export interface WishGroupRecord {
  key: string;
  /** All of the group's wishes, however many are listed. */
  count: number;
  /** The median of all the group's prices, in cents, halfway between the middle two of an even count. */
  medianCents: number;
  /** When the group's most recent wish was made. */
  latestAt: Date;
  /** The newest `wishesPerGroup`, newest first (then by id); the first is the group's most recent wish. */
  wishes: GroupedWishRecord[];
}

/** Where the wishes, and User Wish's copy of their wishers, are kept: the module's port, one implementation per store. */
export interface WishesStore {
  /** Every wish newest first (then by id), at most `limit`. */
  newestWishes(limit: number): Promise<WishRecord[]>;
  insert(wish: NewWish): Promise<WishRecord>;
  /** How many wishes are open. */
  countOpen(): Promise<number>;
  /**
   * One page of User Wish: the groups of the wishes of `status` by `nameKey`, matching a search,
   * after a cursor, at most `limit`. Groups come newest first by their most recent wish, then by key
   * (descending), so two groups wished for at the same moment keep one order; the page starts after
   * the group whose most recent wish is `afterId` (that wish's time and key).
   * With a search, a group is shown whole when any of its wishes matches: its key holds `nameKey`,
   * or its wisher's name holds `q` whatever the case, or the wisher's address in the wishers' copy
   * (removed or not) holds `q` whatever the case; each taken as typed, with no wildcards.
   */
  groupsPage(view: WishGroupsView): Promise<WishGroupRecord[]>;

  /**
   * These wishes, each held until the change ends, taken in one order (by id) so two answers never
   * wait on each other in a circle; an id with no wish is left out. Of two answers to the same
   * wish at once, the second sees the wish as the first left it.
   */
  lockWishes(tx: Tx, ids: string[]): Promise<WishRecord[]>;
  /** Answers these wishes, now; only those still open change. */
  markResolved(tx: Tx, ids: string[], status: Exclude<WishStatus, "open">): Promise<void>;
  /** Done, now, with the tool added for them; wishes that already name a tool keep it, and declined ones stay declined. */
  markFulfilled(tx: Tx, ids: string[], toolId: string): Promise<void>;
  /** The address of each of these wishers whose account is not removed, from the wishers' copy. */
  wisherEmails(tx: Tx, userIds: string[]): Promise<Map<string, string>>;
  /**
   * Writes a wisher's address and whether their account is removed, as the users module has them
   * now. A copy that already says so is left untouched, so a sign-in that changes nothing writes nothing.
   */
  keepWisher(tx: Tx, wisher: WisherRecord): Promise<void>;
}
