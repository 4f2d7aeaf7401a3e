import { randomUUID } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { wishes } from "../../../src/db/schema.js";
import { inFirestore } from "../../../src/firestore/unit-of-work.js";
import { regroup } from "../../../src/modules/wishes/firestore/wish-groups.js";
import { wishDocument } from "../../../src/modules/wishes/firestore/wishes.documents.js";
import type { NewWish } from "../../../src/modules/wishes/wishes.store.js";
import type { TestApi } from "../test-app.js";

// Wishes as each store keeps them (docs/firestore.md § wishes, wishGroups), for the tests of User
// Wish's order and paging, which need wishes made at times of their choosing; the port's insert
// stamps them now.

/** Open wishes made at the times given, each with its group as the store keeps it; their ids, in order. */
export async function insertWishesAt(api: TestApi, wishesAt: (NewWish & { createdAt: Date })[]): Promise<string[]> {
  if (api.storeKind === "firestore") {
    const collections = { wishes: api.firestore.collection("wishes"), groups: api.firestore.collection("wishGroups") };
    const stored = wishesAt.map(({ createdAt, ...wish }) => ({ id: randomUUID(), wish: wishDocument(wish, Timestamp.fromDate(createdAt)) }));
    // As the store's insert does, the wishes and their open groups in one change.
    await api.stores.change(async ({ tx }) => {
      const change = inFirestore(tx);
      await regroup(
        change,
        collections,
        stored.map(({ id, wish }) => ({ id, from: null, to: wish })),
      );
      for (const { id, wish } of stored) change.create(collections.wishes.doc(id), wish);
    });
    return stored.map(({ id }) => id);
  }
  if (wishesAt.length === 0) return [];
  const inserted = await api.database.db.insert(wishes).values(wishesAt).returning({ id: wishes.id });
  return inserted.map((row) => row.id);
}
