import type { CollectionReference, DocumentReference, Firestore, Timestamp } from "firebase-admin/firestore";
import type { StockForOrders, StockMovementKind, StockMovementRecord, ToolRecord } from "../tools.store.js";
import { wordsOf } from "./catalogue-words.js";

/** `tools/{toolId}` (docs/firestore.md). */
export interface ToolDocument {
  name: string;
  /** `name` in lower case: the order of Sort by Name. */
  nameLower: string;
  img: string;
  unitPriceCents: number;
  description: string;
  minOrderQuantity: number;
  stock: number;
  /** `stock < minOrderQuantity`: Firestore cannot compare two fields in a query. */
  lowStock: boolean;
  /** The `seq` of the tool's last stock movement. */
  ledgerSeq: number;
  /** Every word its name or description has ever had: the search's typo corrections start from them. */
  words: string[];
  createdAt: Timestamp;
  /** The last edit. Who made it is in the audit log, not here: anyone may read a listed tool. */
  updatedAt: Timestamp | null;
  deletedAt: Timestamp | null;
  /** When any field last changed: the search's index reads only the tools changed since it last looked. */
  changedAt: Timestamp;
}

/** `tools/{toolId}/stockMovements/{seq}` (docs/firestore.md). */
export interface StockMovementDocument {
  seq: number;
  toolId: string;
  kind: StockMovementKind;
  quantity: number;
  reason: string;
  actorId: string | null;
  createdAt: Timestamp;
}

export { canNameDocument } from "../../../firestore/document-id.js";

export const toolsOf = (db: Firestore) => db.collection("tools") as CollectionReference<ToolDocument>;
export const toolRef = (db: Firestore, id: string) => toolsOf(db).doc(id) as DocumentReference<ToolDocument>;
export const movementsOf = (db: Firestore, toolId: string) => toolRef(db, toolId).collection("stockMovements") as CollectionReference<StockMovementDocument>;
export const movementRef = (db: Firestore, toolId: string, seq: number) => movementsOf(db, toolId).doc(String(seq));

/** What a record shows of a tool; `select` reads only these for a page. */
export const RECORD_FIELDS = ["name", "img", "unitPriceCents", "description", "minOrderQuantity", "stock", "createdAt"] as const;
export type RecordFields = Pick<ToolDocument, (typeof RECORD_FIELDS)[number]>;

export const toToolRecord = (id: string, tool: RecordFields): ToolRecord => ({
  id,
  name: tool.name,
  img: tool.img,
  unitPriceCents: tool.unitPriceCents,
  description: tool.description,
  minOrderQuantity: tool.minOrderQuantity,
  stock: tool.stock,
  createdAt: tool.createdAt.toDate(),
});

export const toStockForOrders = (id: string, tool: ToolDocument): StockForOrders => ({
  id,
  name: tool.name,
  unitPriceCents: tool.unitPriceCents,
  minOrderQuantity: tool.minOrderQuantity,
  stock: tool.stock,
});

export const toMovementRecord = (movement: StockMovementDocument): StockMovementRecord => ({
  id: movement.seq,
  toolId: movement.toolId,
  kind: movement.kind,
  quantity: movement.quantity,
  reason: movement.reason,
  actorId: movement.actorId,
  createdAt: movement.createdAt.toDate(),
});

/** The words of a tool's texts now. */
export const textWords = (tool: Pick<ToolDocument, "name" | "description">): string[] => wordsOf(`${tool.name} ${tool.description}`);

/** The words a tool has ever had, with those of its texts now added. */
export const wordsEver = (before: readonly string[], tool: Pick<ToolDocument, "name" | "description">): string[] => [
  ...new Set([...before, ...textWords(tool)]),
];

/** Whether a stock leaves the tool unorderable: the field `lowStock` keeps it for queries. */
export const isLow = (stock: number, minOrderQuantity: number): boolean => stock < minOrderQuantity;
