import { randomUUID } from "node:crypto";
import { type Firestore, type Query, type QueryDocumentSnapshot, Timestamp } from "firebase-admin/firestore";
import type { DocumentLanes } from "../../../firestore/document-lanes.js";
import { firestoreUnitOfWork, inFirestore } from "../../../firestore/unit-of-work.js";
import type { WishesStore, WishGroupRecord, WishGroupsView } from "../wishes.store.js";
import { regroup, type WishCollections } from "./wish-groups.js";
import {
  canNameDocument,
  groupedWishRecordOf,
  medianOf,
  type StoredWish,
  type WishDocument,
  wishDocument,
  type WisherDocument,
  type WishGroupDocument,
  wishRecordOf,
} from "./wishes.documents.js";

/**
 * A search reads the groups after the cursor this many at a time, and looks through at most
 * SEARCH_MAX_GROUPS of them for a page: Firestore cannot look inside names, so each group is
 * matched here. A page that finds fewer groups than it asks for within that bound ends the list.
 */
const SEARCH_BATCH = 200;
const SEARCH_MAX_GROUPS = 2000;

const storedWish = (snapshot: QueryDocumentSnapshot): StoredWish => ({ id: snapshot.id, wish: snapshot.data() as WishDocument });

/**
 * The wishes, their groups and User Wish's copy of their wishers in Firestore (docs/firestore.md). Its own changes take
 * turns with the instance's others at each document (`lanes`, document-lanes.ts).
 */
export function firestoreWishesStore(db: Firestore, lanes?: DocumentLanes): WishesStore {
  const collections: WishCollections = { wishes: db.collection("wishes"), groups: db.collection("wishGroups") };
  const { wishes, groups } = collections;
  const wishers = db.collection("wishers");
  const runChange = firestoreUnitOfWork(db, lanes);

  /** The wishers' addresses, for those not removed; read once per page however many groups name them. */
  const addressBook = () => {
    const known = new Map<string, WisherDocument | null>();
    return {
      async load(uids: Iterable<string>): Promise<void> {
        const unknown = [...new Set(uids)].filter((uid) => !known.has(uid) && canNameDocument(uid));
        if (unknown.length === 0) return;
        const snapshots = await db.getAll(...unknown.map((uid) => wishers.doc(uid)));
        snapshots.forEach((snapshot, index) => known.set(unknown[index]!, (snapshot.data() as WisherDocument | undefined) ?? null));
      },
      wisher: (uid: string): WisherDocument | null => known.get(uid) ?? null,
    };
  };

  /** Whether any wish of the group matches the search: its key, a wisher's name, or a wisher's address removed or not. */
  const matches = (group: WishGroupDocument, { q, nameKey }: WishGroupsView, book: ReturnType<typeof addressBook>): boolean =>
    (q !== null && nameKey !== null && nameKey !== "" && group.key.includes(nameKey)) ||
    (q !== null && group.userNames.some(({ value }) => value.includes(q))) ||
    (q !== null && group.wisherIds.some(({ value }) => book.wisher(value)?.email.toLowerCase().includes(q) === true));

  /** The groups of the page: read in order, or looked through for a search, within its bound. */
  async function pageGroups(view: WishGroupsView, ordered: Query, book: ReturnType<typeof addressBook>): Promise<WishGroupDocument[]> {
    if (view.q === null) return (await ordered.limit(view.limit).get()).docs.map((snapshot) => snapshot.data() as WishGroupDocument);
    const found: WishGroupDocument[] = [];
    let after: QueryDocumentSnapshot | undefined;
    for (let looked = 0; looked < SEARCH_MAX_GROUPS; looked += SEARCH_BATCH) {
      const batch = await (after ? ordered.startAfter(after) : ordered).limit(SEARCH_BATCH).get();
      const candidates = batch.docs.map((snapshot) => snapshot.data() as WishGroupDocument);
      await book.load(candidates.flatMap((group) => group.wisherIds.map(({ value }) => value)));
      for (const group of candidates) {
        if (!matches(group, view, book)) continue;
        found.push(group);
        if (found.length === view.limit) return found;
      }
      if (batch.size < SEARCH_BATCH) break;
      after = batch.docs.at(-1);
    }
    return found;
  }

  /**
   * User Wish from `wishGroups`, which the store keeps with every wish it adds or answers. The cursor
   * is the group's most recent wish: its time and key place the page. Each group's newest wishes
   * are then read by its key, and their wishers' addresses in one read.
   */
  async function groupsPage(view: WishGroupsView): Promise<WishGroupRecord[]> {
    const { status, afterId, limit, wishesPerGroup } = view;
    if (limit <= 0) return [];
    let ordered = groups.where("status", "==", status).orderBy("latestAt", "desc").orderBy("key", "desc");
    if (afterId !== null) {
      if (!canNameDocument(afterId)) return [];
      const cursor = (await wishes.doc(afterId).get()).data() as WishDocument | undefined;
      if (!cursor) return [];
      ordered = ordered.startAfter(cursor.createdAt, cursor.nameKey);
    }
    const book = addressBook();
    const page = await pageGroups(view, ordered, book);
    const listed = await Promise.all(
      page.map(async (group) =>
        wishesPerGroup <= 0
          ? []
          : (await wishes.where("status", "==", status).where("nameKey", "==", group.key).orderBy("createdAt", "desc").limit(wishesPerGroup).get()).docs.map(storedWish),
      ),
    );
    await book.load(listed.flat().map(({ wish }) => wish.wisherId));
    const emailOf = (uid: string) => {
      const wisher = book.wisher(uid);
      return wisher && !wisher.removed ? wisher.email : null;
    };
    return page.map((group, index) => ({
      key: group.key,
      count: group.count,
      medianCents: medianOf(group.priceCounts),
      latestAt: group.latestAt.toDate(),
      wishes: listed[index]!.map((stored) => groupedWishRecordOf(stored, emailOf(stored.wish.wisherId))),
    }));
  }

  /** The wishes named that exist, as the change sees them, in id order. */
  async function readWishes(change: ReturnType<typeof inFirestore>, ids: string[]): Promise<StoredWish[]> {
    const named = [...new Set(ids)].filter(canNameDocument).sort();
    const found = await change.getAll<WishDocument>(named.map((id) => wishes.doc(id)));
    return named.flatMap((id, index) => (found[index] ? [{ id, wish: found[index] }] : []));
  }

  /** Writes the answers given and moves the wishes between groups, in the change. */
  async function answer(change: ReturnType<typeof inFirestore>, answered: { stored: StoredWish; to: WishDocument }[]): Promise<void> {
    await regroup(
      change,
      collections,
      answered.map(({ stored, to }) => ({ id: stored.id, from: stored.wish, to })),
    );
    for (const { stored, to } of answered) change.set(wishes.doc(stored.id), to);
  }

  return {
    /** `createdAt` desc, then the id desc, which Firestore adds itself. */
    async newestWishes(limit) {
      if (limit <= 0) return [];
      return (await wishes.orderBy("createdAt", "desc").limit(limit).get()).docs.map((snapshot) => wishRecordOf(storedWish(snapshot)));
    },

    /** The wish and its open group in one change, so the group counts it exactly when it exists. */
    insert(wish) {
      const stored: StoredWish = { id: randomUUID(), wish: wishDocument(wish, Timestamp.now()) };
      return runChange(async ({ tx }) => {
        const change = inFirestore(tx);
        await regroup(change, collections, [{ id: stored.id, from: null, to: stored.wish }]);
        change.create(wishes.doc(stored.id), stored.wish);
        return wishRecordOf(stored);
      });
    },

    async countOpen() {
      return (await wishes.where("status", "==", "open").count().get()).data().count;
    },

    groupsPage,

    /** Read in the change, in id order: Firestore holds each read until the change commits. */
    async lockWishes(tx, ids) {
      return (await readWishes(inFirestore(tx), ids)).map(wishRecordOf);
    },

    async markResolved(tx, ids, status) {
      const change = inFirestore(tx);
      const now = Timestamp.now();
      const open = (await readWishes(change, ids)).filter(({ wish }) => wish.status === "open");
      await answer(
        change,
        open.map((stored) => ({ stored, to: { ...stored.wish, status, resolvedAt: now } })),
      );
    },

    async markFulfilled(tx, ids, toolId) {
      const change = inFirestore(tx);
      const now = Timestamp.now();
      const fulfilled = (await readWishes(change, ids)).filter(({ wish }) => wish.toolId === null && wish.status !== "declined");
      await answer(
        change,
        fulfilled.map((stored) => ({ stored, to: { ...stored.wish, status: "done", toolId, resolvedAt: now } })),
      );
    },

    async wisherEmails(tx, userIds) {
      const uids = [...new Set(userIds)].filter(canNameDocument);
      const found = await inFirestore(tx).getAll<WisherDocument>(uids.map((uid) => wishers.doc(uid)));
      return new Map(uids.flatMap((uid, index) => (found[index] && !found[index].removed ? [[uid, found[index].email] as const] : [])));
    },

    /** Read first in the change, so a copy that already says so is not written. */
    async keepWisher(tx, { userId, email, removed }) {
      if (!canNameDocument(userId)) return;
      const change = inFirestore(tx);
      const ref = wishers.doc(userId);
      const copy = await change.get<WisherDocument>(ref);
      if (copy?.email === email && copy.removed === removed) return;
      change.set(ref, { email, removed } satisfies WisherDocument);
    },
  };
}
