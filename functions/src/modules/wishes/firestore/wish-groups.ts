import type { CollectionReference, DocumentReference } from "firebase-admin/firestore";
import type { FirestoreChange } from "../../../firestore/change.js";
import type { WishStatus } from "../wishes.schemas.js";
import { groupId, isLater, momentOf, type StoredWish, tallied, type WishDocument, type WishGroupDocument } from "./wishes.documents.js";

/** A wish as it was (null when it is new) and as the change leaves it. */
export interface WishMove {
  id: string;
  from: WishDocument | null;
  to: WishDocument;
}

export interface WishCollections {
  wishes: CollectionReference;
  groups: CollectionReference;
}

/**
 * Keeps `wishGroups` as the wishes it moves: a new wish joins its open group, an answered one leaves
 * the group of its old answer for that of its new one, in the change that moves it. Each group
 * concerned is read in the change, so two changes to one group at once are run one after the other.
 */
export async function regroup(change: FirestoreChange, collections: WishCollections, moves: WishMove[]): Promise<void> {
  const leaving = new Map<string, StoredWish[]>();
  const joining = new Map<string, StoredWish[]>();
  for (const { id, from, to } of moves) {
    if (from?.status === to.status) continue;
    if (from) listUnder(leaving, groupId(from.status, from.nameKey), { id, wish: from });
    listUnder(joining, groupId(to.status, to.nameKey), { id, wish: to });
  }
  const ids = [...new Set([...leaving.keys(), ...joining.keys()])];
  if (ids.length === 0) return;
  const refs = new Map<string, DocumentReference>(ids.map((id) => [id, collections.groups.doc(id)]));
  const before = await change.getAll<WishGroupDocument>([...refs.values()]);
  const groups = new Map(ids.map((id, index) => [id, before[index]]));
  for (const [id, wishes] of leaving) groups.set(id, await withoutWishes(change, collections, groups.get(id), wishes));
  for (const [id, wishes] of joining) groups.set(id, withWishes(groups.get(id), wishes));
  ids.forEach((id, index) => {
    const group = groups.get(id);
    if (group) change.set(refs.get(id)!, group);
    else if (before[index]) change.delete(refs.get(id)!);
  });
}

function listUnder(lists: Map<string, StoredWish[]>, key: string, wish: StoredWish): void {
  const list = lists.get(key);
  if (list) list.push(wish);
  else lists.set(key, [wish]);
}

/** The group with these wishes counted in; a new group when there was none. */
function withWishes(group: WishGroupDocument | undefined, wishes: StoredWish[]): WishGroupDocument {
  let next: WishGroupDocument | undefined = group && { ...group, priceCounts: { ...group.priceCounts } };
  for (const stored of wishes) {
    const { wish, id } = stored;
    next ??= { status: wish.status, key: wish.nameKey, name: wish.name, count: 0, latestAt: wish.createdAt, latestWishId: id, priceCounts: {}, wisherIds: [], userNames: [] };
    next.count += 1;
    next.priceCounts[String(wish.priceCents)] = (next.priceCounts[String(wish.priceCents)] ?? 0) + 1;
    next.wisherIds = tallied(next.wisherIds, wish.wisherId, 1);
    next.userNames = tallied(next.userNames, wish.userName.toLowerCase(), 1);
    if (isLater(momentOf(stored), { at: next.latestAt, id: next.latestWishId })) {
      Object.assign(next, { latestAt: wish.createdAt, latestWishId: id, name: wish.name });
    }
  }
  return next!;
}

/** The group with these wishes counted out; none when no wish is left in it. */
async function withoutWishes(change: FirestoreChange, collections: WishCollections, group: WishGroupDocument | undefined, wishes: StoredWish[]): Promise<WishGroupDocument | undefined> {
  if (!group || group.count <= wishes.length) return undefined;
  const next: WishGroupDocument = { ...group, count: group.count - wishes.length, priceCounts: { ...group.priceCounts } };
  for (const { wish } of wishes) {
    const price = String(wish.priceCents);
    const left = (next.priceCounts[price] ?? 0) - 1;
    if (left > 0) next.priceCounts[price] = left;
    else delete next.priceCounts[price];
    next.wisherIds = tallied(next.wisherIds, wish.wisherId, -1);
    next.userNames = tallied(next.userNames, wish.userName.toLowerCase(), -1);
  }
  const gone = new Set(wishes.map(({ id }) => id));
  if (!gone.has(group.latestWishId)) return next;
  const newest = await newestStaying(change, collections, group.status, group.key, gone);
  if (!newest) return undefined;
  return { ...next, latestAt: newest.wish.createdAt, latestWishId: newest.id, name: newest.wish.name };
}

/**
 * The group's most recent wish that stays in it. The query sees the wishes as they were before the
 * change, so each found is read again as the change left it; the first few are those leaving.
 */
async function newestStaying(change: FirestoreChange, { wishes }: WishCollections, status: WishStatus, key: string, gone: Set<string>): Promise<StoredWish | undefined> {
  const newestFirst = wishes.where("status", "==", status).where("nameKey", "==", key).orderBy("createdAt", "desc").limit(gone.size + 1);
  let batch = await change.query(newestFirst);
  while (!batch.empty) {
    const now = await change.getAll<WishDocument>(batch.docs.map((snapshot) => snapshot.ref));
    const index = batch.docs.findIndex((snapshot, at) => !gone.has(snapshot.id) && now[at]?.status === status);
    if (index >= 0) return { id: batch.docs[index]!.id, wish: now[index]! };
    batch = await change.query(newestFirst.startAfter(batch.docs.at(-1)!));
  }
  return undefined;
}
