import { randomUUID } from "node:crypto";
import { type Firestore, Timestamp } from "firebase-admin/firestore";
import type { Tx } from "../../../lib/change.js";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { CataloguePageQuery, ToolEdit, ToolRecord, ToolsStore } from "../tools.store.js";
import { CatalogueSearch } from "./catalogue-search.js";
import {
  canNameDocument,
  isLow,
  movementRef,
  movementsOf,
  RECORD_FIELDS,
  type RecordFields,
  type StockMovementDocument,
  toMovementRecord,
  toolRef,
  toolsOf,
  type ToolDocument,
  toStockForOrders,
  toToolRecord,
  wordsEver,
} from "./tool-documents.js";

const ORDER_FIELD = { name: "nameLower", price: "unitPriceCents", listed: "createdAt", newest: "createdAt" } as const;

/** The tools in Firestore (docs/firestore.md `tools/{toolId}` and its `stockMovements`). */
export function firestoreToolsStore(db: Firestore): ToolsStore {
  const search = new CatalogueSearch(db);
  const listedTools = () => toolsOf(db).where("deletedAt", "==", null);

  /** The tool a change holds, read in it (which locks it); undefined when no document has this id. */
  const readInChange = (tx: Tx, id: string) =>
    canNameDocument(id) ? inFirestore(tx).get<ToolDocument>(toolRef(db, id)) : Promise.resolve(undefined);

  async function readListed(tx: Tx, id: string): Promise<ToolDocument | null> {
    const tool = await readInChange(tx, id);
    return tool && tool.deletedAt === null ? tool : null;
  }

  /**
   * Writes a tool's new stock, computed from the document the change holds: the change knows it
   * once read, so no increment is needed, and a stock below zero is refused before anything commits.
   */
  async function setStock(tx: Tx, id: string, change: number, more: Partial<ToolDocument> = {}): Promise<ToolDocument | null> {
    const tool = await readInChange(tx, id);
    if (!tool) return null;
    const stock = tool.stock + change;
    if (stock < 0) throw new Error(`tools/${id} would be left with ${stock} units`);
    const fields = { stock, lowStock: isLow(stock, tool.minOrderQuantity), changedAt: Timestamp.now(), ...more };
    inFirestore(tx).update(toolRef(db, id), fields);
    return { ...tool, ...fields };
  }

  /** A page with no search: one query on the order's index, from the cursor's own document. */
  async function browsedPage({ sort, inStock, lowStock = false, after, rows }: CataloguePageQuery): Promise<ToolRecord[]> {
    let query = listedTools();
    if (inStock) query = query.where("lowStock", "==", false);
    if (lowStock) query = query.where("lowStock", "==", true);
    let ordered = query.orderBy(ORDER_FIELD[sort], sort === "newest" ? "desc" : "asc").select(...RECORD_FIELDS);
    if (after !== null) {
      const cursor = canNameDocument(after) ? await toolRef(db, after).get() : null;
      if (!cursor?.exists) return [];
      ordered = ordered.startAfter(cursor);
    }
    const snapshot = await ordered.limit(rows).get();
    return snapshot.docs.map((document) => toToolRecord(document.id, document.data() as RecordFields));
  }

  return {
    async listListed(limit) {
      const snapshot = await listedTools().orderBy("createdAt").select(...RECORD_FIELDS).limit(limit).get();
      return snapshot.docs.map((document) => toToolRecord(document.id, document.data() as RecordFields));
    },

    async findListed(id) {
      if (!canNameDocument(id)) return null;
      const tool = (await toolRef(db, id).get()).data();
      return tool && tool.deletedAt === null ? toToolRecord(id, tool) : null;
    },

    /** One `getAll` of the record's fields, without the tool's words. */
    async findListedByIds(ids) {
      const names = [...new Set(ids.filter(canNameDocument))];
      if (names.length === 0) return [];
      const snapshots = await db.getAll(...names.map((id) => toolRef(db, id)), { fieldMask: [...RECORD_FIELDS, "deletedAt"] });
      return snapshots.flatMap((snapshot) => {
        const tool = snapshot.data() as (RecordFields & Pick<ToolDocument, "deletedAt">) | undefined;
        return tool && tool.deletedAt === null ? [toToolRecord(snapshot.id, tool)] : [];
      });
    },

    async countLowStock() {
      const snapshot = await listedTools().where("lowStock", "==", true).count().get();
      return snapshot.data().count;
    },

    async toolEverExisted(id) {
      return canNameDocument(id) && (await toolRef(db, id).get()).exists;
    },

    searchWords: (q) => search.words(q),

    /** Without a search, a query on the order's index; searched, a page of the instance's index (catalogue-search.ts). */
    cataloguePage(query) {
      const words = query.search ?? [];
      return words.length === 0 ? browsedPage(query) : search.page({ ...query, search: words });
    },

    /** The tool and the first row of its ledger, in one change; its words go with it. */
    async insertTool(tx, tool) {
      const id = randomUUID();
      const now = Timestamp.now();
      const { createdAt, ...fields } = tool;
      const document: ToolDocument = {
        ...fields,
        nameLower: tool.name.toLowerCase(),
        lowStock: isLow(tool.stock, tool.minOrderQuantity),
        ledgerSeq: 1,
        words: wordsEver([], tool),
        createdAt: createdAt ? Timestamp.fromDate(createdAt) : now,
        updatedAt: null,
        deletedAt: null,
        changedAt: now,
      };
      const initial: StockMovementDocument = { seq: 1, toolId: id, kind: "initial", quantity: tool.stock, reason: "", actorId: null, createdAt: now };
      inFirestore(tx).create(toolRef(db, id), document);
      inFirestore(tx).create(movementRef(db, id, 1), initial);
      return toToolRecord(id, document);
    },

    async lockToolForEdit(tx, id) {
      const tool = await readListed(tx, id);
      return tool ? toToolRecord(id, tool) : null;
    },

    /**
     * The API's edit, whose audit entry names the admin. The tool's words keep those of its texts
     * before, so a word an edit removes still corrects a typo.
     */
    async updateTool(tx, id, edit) {
      const tool = await readInChange(tx, id);
      if (!tool) throw new Error(`tools/${id} does not exist`);
      const given = Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined)) as ToolEdit;
      const edited = { ...tool, ...given };
      const now = Timestamp.now();
      const fields: Partial<ToolDocument> = {
        ...given,
        nameLower: edited.name.toLowerCase(),
        lowStock: isLow(edited.stock, edited.minOrderQuantity),
        words: wordsEver(tool.words, edited),
        updatedAt: now,
        changedAt: now,
      };
      inFirestore(tx).update(toolRef(db, id), fields);
      return toToolRecord(id, { ...tool, ...fields });
    },

    /** A transaction read first: of two removals, the second is run again and finds the tool deleted. */
    async markToolDeleted(tx, id) {
      const tool = await readListed(tx, id);
      if (!tool) return false;
      const now = Timestamp.now();
      inFirestore(tx).update(toolRef(db, id), { deletedAt: now, changedAt: now });
      return true;
    },

    /** The transaction's read of the tool: a change that writes it after this one read it makes this one run again. */
    async lockListedTool(tx, id) {
      const tool = await readListed(tx, id);
      return tool ? toStockForOrders(id, tool) : null;
    },

    async takeStock(tx, id, quantity) {
      await setStock(tx, id, -quantity);
    },

    async returnStock(tx, id, quantity) {
      await setStock(tx, id, quantity);
    },

    async moveStock(tx, movement) {
      const held = await readInChange(tx, movement.toolId);
      if (!held) throw new Error(`tools/${movement.toolId} does not exist`);
      const seq = held.ledgerSeq + 1;
      const tool = (await setStock(tx, movement.toolId, movement.change, { ledgerSeq: seq }))!;
      const row: StockMovementDocument = {
        seq,
        toolId: movement.toolId,
        kind: movement.kind,
        quantity: movement.change,
        reason: movement.reason,
        actorId: movement.actorId,
        createdAt: tool.changedAt,
      };
      inFirestore(tx).create(movementRef(db, movement.toolId, seq), row);
      return { movement: toMovementRecord(row), stock: tool.stock };
    },

    /** Single-field order on `seq` within the tool's own ledger. */
    async listMovements(toolId, { before, rows }) {
      if (!canNameDocument(toolId)) return [];
      let query = movementsOf(db, toolId).orderBy("seq", "desc");
      if (before !== undefined) query = query.where("seq", "<", before);
      const snapshot = await query.limit(rows).get();
      return snapshot.docs.map((document) => toMovementRecord(document.data()));
    },
  };
}
