import type { Tx } from "../../lib/change.js";

/** A line of a buyer's cart as the store keeps it: one tool, how many, and what the buyer saw. */
export interface CartLineRecord {
  toolId: string;
  quantity: number;
  /** The tool's unit price when the buyer last saved the line; a checkout pays it only while it is still the price. */
  seenPriceCents: number;
  /** The tool's name when the line was last saved, shown once the tool is removed. */
  seenToolName: string;
  /** When the tool joined the cart; saving the line again keeps it. */
  addedAt: Date;
}

/** A line as it is saved or merged: the store stamps when it joins the cart. */
export type NewCartLine = Omit<CartLineRecord, "addedAt">;

/**
 * Where the buyers' carts are kept: the module's port, one implementation per store. A cart holds at
 * most `maxLines` lines, one per tool, listed oldest first (by `addedAt`, in the order they joined).
 * Every change to one buyer's cart waits for any other change to it, so two at once never take it
 * past its bound.
 */
export interface CartStore {
  /** A buyer's lines, oldest first; none for a buyer who never saved one. */
  lines(userId: string): Promise<CartLineRecord[]>;
  /**
   * Adds the tool's line, or sets the quantity, seen price and name of the line it has (keeping when
   * it was added), and answers the cart's lines after; null when the tool is not in a cart that
   * already holds `maxLines` lines, which is then left as it was.
   */
  saveLine(tx: Tx, userId: string, line: NewCartLine, maxLines: number): Promise<CartLineRecord[] | null>;
  /** Takes the tool's line out, if the cart has one, and answers the cart's lines after. */
  removeLine(tx: Tx, userId: string, toolId: string): Promise<CartLineRecord[]>;
  /**
   * Joins these lines (one per tool) to the cart and answers its lines after. A tool the cart has
   * keeps its line, with the larger of the two quantities and the line's own seen price, name and
   * time, so merging the same lines twice changes nothing the second time. The other tools join in
   * the order given, after the cart's lines, until it holds `maxLines`; the rest are left out.
   */
  mergeLines(tx: Tx, userId: string, lines: NewCartLine[], maxLines: number): Promise<CartLineRecord[]>;
  /** Takes these tools' lines out of the cart, in the caller's change (a checkout of them). */
  removeLines(tx: Tx, userId: string, toolIds: readonly string[]): Promise<void>;
  /** Forgets the buyer's whole cart, in the caller's change (the account's removal). */
  forgetCart(tx: Tx, userId: string): Promise<void>;
}
