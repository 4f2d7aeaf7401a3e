import { type DocumentReference, type Firestore, Timestamp } from "firebase-admin/firestore";
import type { Tx } from "../../../lib/change.js";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { CartLineRecord, CartStore, NewCartLine } from "../cart.store.js";
import { CARTS, type CartDocument, type CartLineDocument, documentId, toCartLineRecord } from "./cart.documents.js";

/**
 * The carts in Firestore (docs/firestore.md `carts/{accountId}`): a buyer's lines in one document,
 * which each change reads in its transaction, and so holds: of two changes to one cart at once,
 * Firestore runs the second again on the first's lines.
 */
export function firestoreCartStore(db: Firestore): CartStore {
  const carts = db.collection(CARTS);
  const cartOf = (userId: string): DocumentReference | null => {
    const name = documentId(userId);
    return name === null ? null : carts.doc(name);
  };

  /** The cart's lines as the change sees them, and a writer of the lines it leaves. */
  async function openCart(tx: Tx, userId: string) {
    const change = inFirestore(tx);
    const ref = cartOf(userId);
    const lines = ref ? ((await change.get<CartDocument>(ref))?.lines ?? []) : [];
    const write = (after: CartLineDocument[]): CartLineRecord[] => {
      // An emptied cart is no document at all, as a cart never saved.
      if (ref && after.length === 0 && lines.length > 0) change.delete(ref);
      else if (ref && after.length > 0) change.set(ref, { lines: after, updatedAt: Timestamp.now() } satisfies CartDocument);
      return after.map(toCartLineRecord);
    };
    return { lines, write };
  }

  const newLine = (line: NewCartLine, addedAt: Timestamp): CartLineDocument => ({ ...line, addedAt });

  return {
    async lines(userId) {
      const ref = cartOf(userId);
      const cart = ref ? ((await ref.get()).data() as CartDocument | undefined) : undefined;
      return (cart?.lines ?? []).map(toCartLineRecord);
    },

    async saveLine(tx, userId, line, maxLines) {
      const { lines, write } = await openCart(tx, userId);
      const at = lines.findIndex((held) => held.toolId === line.toolId);
      if (at >= 0) return write(lines.map((held, index) => (index === at ? { ...held, ...line } : held)));
      if (lines.length >= maxLines) return null;
      return write([...lines, newLine(line, Timestamp.now())]);
    },

    async removeLine(tx, userId, toolId) {
      const { lines, write } = await openCart(tx, userId);
      if (!lines.some((held) => held.toolId === toolId)) return lines.map(toCartLineRecord);
      return write(lines.filter((held) => held.toolId !== toolId));
    },

    async mergeLines(tx, userId, incoming, maxLines) {
      const { lines, write } = await openCart(tx, userId);
      const given = new Map(incoming.map((line) => [line.toolId, line.quantity]));
      const kept = lines.map((held) => ({ ...held, quantity: Math.max(held.quantity, given.get(held.toolId) ?? 0) }));
      const now = Timestamp.now();
      const joining = incoming
        .filter((line) => !lines.some((held) => held.toolId === line.toolId))
        .slice(0, Math.max(0, maxLines - lines.length))
        .map((line) => newLine(line, now));
      const changed = joining.length > 0 || kept.some((line, index) => line.quantity !== lines[index]!.quantity);
      return changed ? write([...kept, ...joining]) : lines.map(toCartLineRecord);
    },

    async removeLines(tx, userId, toolIds) {
      const { lines, write } = await openCart(tx, userId);
      const leaving = new Set(toolIds);
      if (lines.some((held) => leaving.has(held.toolId))) write(lines.filter((held) => !leaving.has(held.toolId)));
    },

    /** A blind delete: the removal need not read the cart, nor wait for it. */
    async forgetCart(tx, userId) {
      const ref = cartOf(userId);
      if (ref) inFirestore(tx).delete(ref);
    },
  };
}
