import type { Tx } from "../../lib/change.js";
import type { CatalogueSort } from "./tools.schemas.js";

/** A listed tool as the store keeps it. */
export interface ToolRecord {
  id: string;
  name: string;
  img: string;
  unitPriceCents: number;
  description: string;
  /** The fewest units one order may ask for. */
  minOrderQuantity: number;
  /** Units on the shelf that orders may still take. */
  stock: number;
  /** When the tool was listed; never edited, so the catalogue's listed order never moves. */
  createdAt: Date;
}

/**
 * A tool as it is listed: now, as an admin lists it, or at a given time, as the demo shop's tools
 * were listed over the weeks before it opened.
 */
export type NewTool = Omit<ToolRecord, "id" | "createdAt"> & { createdAt?: Date };

/** What an edit may change: everything but the stock, which moves only with its ledger. */
export type ToolEdit = Partial<Pick<ToolRecord, "name" | "img" | "unitPriceCents" | "description" | "minOrderQuantity">>;

/** What an order needs of its tool: the price and name it records, and the stock it checks. */
export type StockForOrders = Pick<ToolRecord, "id" | "name" | "unitPriceCents" | "minOrderQuantity" | "stock">;

export const stockMovementKinds = ["initial", "restock", "correction"] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

/**
 * A change to a tool's stock that is not an order: the stock it was listed with, or a restock or
 * correction an admin made, with the reason. For every tool, the sum of its movements equals its
 * stock plus the units its live orders hold.
 */
export interface StockMovementRecord {
  /** Movements are numbered in the order they were made, within their tool's ledger. */
  id: number;
  toolId: string;
  kind: StockMovementKind;
  /** Units added (positive) or taken away (negative). */
  quantity: number;
  reason: string;
  /** The admin who made it; null for one no account made (the demo's). */
  actorId: string | null;
  createdAt: Date;
}

/** A restock (units added) or a correction (units added or taken away) an admin makes. */
export interface NewStockMovement {
  toolId: string;
  kind: "restock" | "correction";
  /** Units added (positive) or taken away (negative). */
  change: number;
  reason: string;
  actorId: string;
}

/** A word of a search, and the catalogue's words it may have been a typo of. */
export interface SearchWord {
  word: string;
  /** The closest first; empty when the catalogue has the word itself, or none close to it. */
  alternatives: string[];
}

/** What a page of the catalogue (or of Manage Tools) asks for. */
export interface CataloguePageQuery {
  /** The search's words with their corrections (`searchWords`); null, or no words, lists every tool. */
  search: SearchWord[] | null;
  sort: CatalogueSort;
  /** Only tools that can be ordered now: stock at least the minimum order. */
  inStock: boolean;
  /** Only tools that can no longer be ordered: stock below the minimum order (Manage Tools). */
  lowStock?: boolean;
  /** The id of the last tool of the page before; null for the first page. */
  after: string | null;
  /** Tools to read: one more than the page holds tells whether another page follows. */
  rows: number;
}

/**
 * Where the tools, their stock and its ledger are kept: the module's port, one implementation per
 * store. A deleted tool stays stored, for the orders that name it and for its ledger; "listed"
 * means not deleted. An id that cannot name a tool in this store finds none, as a missing one does.
 */
export interface ToolsStore {
  /** Listed tools in the order they were listed (by listing time, then id), at most `limit`. */
  listListed(limit: number): Promise<ToolRecord[]>;
  /** A listed tool; null when no listed tool has this id. */
  findListed(id: string): Promise<ToolRecord | null>;
  /** The listed tools among these ids, in one round trip and in no set order; an id that names no listed tool is left out. */
  findListedByIds(ids: readonly string[]): Promise<ToolRecord[]>;
  /** How many listed tools can no longer be ordered: their stock is below their minimum order. */
  countLowStock(): Promise<number>;
  /** Whether a tool with this id was ever listed, listed now or deleted. */
  toolEverExisted(id: string): Promise<boolean>;

  /**
   * The distinct words of a search, spelled as the catalogue's words are (lower case, without
   * punctuation), each with the catalogue's words it may be a typo of, the most similar first:
   * "hamer" comes with "hammer". A word of fewer than three characters, or one the catalogue has,
   * comes alone, so "wrench" does not also bring "bench". The catalogue's words are every word any
   * tool's name or description has had; none is forgotten.
   */
  searchWords(q: string): Promise<SearchWord[]>;
  /**
   * One page of listed tools, in the sort, starting after the tool `after`: its sort value is read
   * from its own record, listed or deleted, so a page starts exactly where the page before ended
   * (no tool at all when no tool ever had that id).
   * Searched, every word must match a word of the tool's name or description, as typed, as the start
   * of a longer word ("hamm" finds "hammer") or as one of its alternatives. Each sort ends in the id,
   * so no two tools tie: `name` (case-insensitive) and `price` ascending, `listed` oldest first,
   * `newest` newest first.
   */
  cataloguePage(query: CataloguePageQuery): Promise<ToolRecord[]>;

  /**
   * Lists a new tool, with the first row of its ledger (an `initial` movement of its whole stock,
   * by no one) and its words, which can correct a search's typo from then on.
   */
  insertTool(tx: Tx, tool: NewTool): Promise<ToolRecord>;
  /**
   * Locks a listed tool for the rest of the change, as an edit does: the lock orders and stock
   * movements take, so none of them reads the tool while the edit changes it. Null when no listed
   * tool has this id.
   */
  lockToolForEdit(tx: Tx, id: string): Promise<ToolRecord | null>;
  /** Changes a tool's fields (its words with them); call it with the tool locked. */
  updateTool(tx: Tx, id: string, edit: ToolEdit): Promise<ToolRecord>;
  /**
   * Takes a listed tool off the catalogue; false when no listed tool has this id. Of two removals
   * at once, the second waits for the first and finds the tool gone.
   */
  markToolDeleted(tx: Tx, id: string): Promise<boolean>;

  /**
   * Locks a listed tool's stock for the rest of the change, so the orders of one batch, or a stock
   * movement, are checked against its stock as it is and no other change moves it meanwhile: a
   * second change that locks it waits until this one has committed. Null when no listed tool has
   * this id.
   */
  lockListedTool(tx: Tx, id: string): Promise<StockForOrders | null>;
  /**
   * Takes units off a tool's shelf; call it with the tool locked. The store never commits a stock
   * below zero: a change that would leave one fails whole.
   */
  takeStock(tx: Tx, id: string, quantity: number): Promise<void>;
  /** Returns units to a tool, deleted or not: the stock was never sold. */
  returnStock(tx: Tx, id: string, quantity: number): Promise<void>;
  /**
   * Puts units on a tool's shelf (a positive change) or takes them off (negative), with the ledger
   * row that accounts for them, in the same change; returns the row and the stock it leaves. Call it
   * with the tool locked.
   */
  moveStock(tx: Tx, movement: NewStockMovement): Promise<{ movement: StockMovementRecord; stock: number }>;
  /** A tool's ledger, newest first, from before the movement `before` when given, at most `rows`. */
  listMovements(toolId: string, page: { before?: number; rows: number }): Promise<StockMovementRecord[]>;
}
