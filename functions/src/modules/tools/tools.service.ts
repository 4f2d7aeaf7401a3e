import type { Database, Queryable } from "../../db/client.js";
import { AppError, notFound } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { readWholeList, WHOLE_LISTS } from "../../lib/whole-list.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import { type CatalogueView, type CursorParameter, readCursor, searchKey, unknownCursor, writeCursor } from "./catalogue-cursor.js";
import * as catalogue from "./catalogue.repository.js";
import { createStockLedger } from "./stock-ledger.js";
import * as stock from "./stock.repository.js";
import { newToolOf, toolEditOf, toTool } from "./tool-wire.js";
import * as repository from "./tools.repository.js";
import type {
  CatalogueQuery,
  CataloguePage,
  CreateToolBody,
  ManagedTool,
  ManageToolsPage,
  ManageToolsQuery,
  Tool,
  UpdateToolBody,
} from "./tools.schemas.js";

export type { StockForOrders } from "./stock.repository.js";

export { toTool } from "./tool-wire.js";

const toManagedTool = (row: catalogue.CatalogueRow): ManagedTool => ({ ...toTool(row), createdAt: row.createdAt.toISOString() });

/** The fields an edit may change, as the API names them. */
const EDITABLE = ["name", "price", "description", "moq", "img"] as const satisfies readonly (keyof UpdateToolBody & keyof Tool)[];

/**
 * The catalog is read far more than it changes. Answers are kept for at most half a second, so a
 * deleted tool or a changed stock shows everywhere within a second, even from other instances;
 * this instance's own writes show at once.
 */
const CATALOG_MAX_AGE_MS = 500;

export interface ToolsServiceDependencies {
  audit: AuditService;
}

export function createToolsService(db: Database, { audit }: ToolsServiceDependencies) {
  // The catalog, or the 422 that says it is past its size: kept alike, so asking again costs neither a read nor a serialization.
  const catalog = createFreshCache<Tool[] | AppError>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  const single = createFreshCache<Tool>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  // Catalogue pages, kept as briefly as the catalog and forgotten with it: the first pages of the
  // sorts and of common searches are asked for far more often than stock changes.
  const pages = createFreshCache<CataloguePage>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  // How a search's words are spelled in the catalogue changes only when a tool brings new words.
  const searchWords = createFreshCache<catalogue.SearchWord[]>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  const invalidate = () => {
    catalog.invalidate();
    single.invalidate();
    pages.invalidate();
  };
  const ledger = createStockLedger(db, { audit, stockChanged: invalidate });

  /** A page of the view after the cursor, and the cursor of the page after it. */
  async function readPage(
    view: CatalogueView,
    after: string | null,
    limit: number,
    parameter: CursorParameter,
  ): Promise<{ rows: catalogue.CatalogueRow[]; next: string | null }> {
    const words = searchKey(view.q);
    const search = words === "" ? null : await searchWords.get(words, () => catalogue.searchWords(db, words));
    const rows = await catalogue.cataloguePage(db, { ...view, search, after, rows: limit + 1 });
    // An empty page after a cursor is either the end or a cursor naming no tool at all; only the
    // first is an answer.
    if (after !== null && rows.length === 0 && !(await catalogue.toolEverExisted(db, after))) throw unknownCursor(parameter);
    const page = rows.slice(0, limit);
    return { rows: page, next: rows.length > limit ? writeCursor(view, page.at(-1)!.id) : null };
  }

  return {
    /**
     * The catalog; the same array while it is fresh, so its answer is serialized once. Past its size
     * (lib/whole-list.ts) it throws the 422 that points to the catalogue's pages.
     */
    async list(): Promise<Tool[]> {
      const answer = await catalog.get("catalog", () =>
        readWholeList(WHOLE_LISTS.tools, (limit) => repository.listTools(db, limit), toTool),
      );
      if (answer instanceof AppError) throw answer;
      return answer;
    },

    get(id: string): Promise<Tool> {
      return single.get(id, async () => {
        const row = await repository.findTool(db, id);
        if (!row) throw notFound("Tool");
        return toTool(row);
      });
    },

    /**
     * One page of the catalogue (`GET /api/catalogue`): listed tools whose name or description has
     * every word of `q` (forgiving a typo), in stock if asked, in the asked order, after the tool
     * the cursor names. A page is one walk of an index (docs/decisions/0013); the same page is
     * answered from memory for half a second, like the catalog.
     */
    async search({ q = "", sort, inStock, after, limit }: CatalogueQuery): Promise<CataloguePage> {
      const view: CatalogueView = { sort, q, inStock: inStock === "true" };
      const cursor = after === undefined ? null : readCursor(view, after);
      const key = JSON.stringify([sort, searchKey(q), view.inStock, cursor?.after ?? null, limit]);
      return pages.get(key, async () => {
        const { rows, next } = await readPage(view, cursor?.after ?? null, limit, "after");
        return { tools: rows.map(toTool), next };
      });
    },

    /**
     * A page of Manage Tools (`GET /api/admin/tools`): listed tools newest first, searched as the
     * catalogue searches, only those low on stock if asked. Read afresh each time: an admin who has
     * just restocked sees the new stock.
     */
    async manage({ q = "", lowStock, cursor, limit }: ManageToolsQuery): Promise<ManageToolsPage> {
      const view: CatalogueView = { sort: "newest", q, inStock: false, lowStock: lowStock === "true" };
      const after = cursor === undefined ? null : readCursor(view, cursor, "cursor").after;
      const { rows, next } = await readPage(view, after, limit, "cursor");
      return { tools: rows.map(toManagedTool), next };
    },

    /** How many listed tools are low on stock, as Manage Tools' filter finds them; for the admin's overview. */
    countLowStock: (): Promise<number> => repository.countLowStock(db),

    async create(actor: AuditActor, body: CreateToolBody): Promise<Tool> {
      const tool = await db.transaction(async (tx) => {
        const row = await repository.insertTool(tx, newToolOf(body));
        await audit.record(tx, { actor, action: "tool.created", target: { type: "tool", id: row.id }, details: { name: row.name } });
        return toTool(row);
      });
      invalidate();
      // Its words can correct a typo from now on.
      searchWords.invalidate();
      return tool;
    },

    /**
     * Changes a listed tool's name, price, description, image or minimum order. Orders already
     * placed keep the name and total they were placed with. A minimum order raised above the stock
     * leaves the tool low on stock, which is the admin's call. The audit entry names each changed
     * field with its value before; an edit that changes nothing records nothing.
     */
    async update(actor: AuditActor, id: string, body: UpdateToolBody): Promise<Tool> {
      const tool = await db.transaction(async (tx) => {
        const row = await repository.findTool(tx, id, { lock: true });
        if (!row) throw notFound("Tool");
        const before = toTool(row);
        const changed = EDITABLE.filter((field) => body[field] !== undefined && body[field] !== before[field]);
        if (changed.length === 0) return before;
        const edit = toolEditOf(Object.fromEntries(changed.map((field) => [field, body[field]])) as UpdateToolBody);
        const updated = await repository.updateTool(tx, row.id, edit);
        const after = toTool(updated);
        const details = Object.fromEntries(changed.flatMap((field) => [[field, after[field]], [`${field}Before`, before[field]]]));
        await audit.record(tx, { actor, action: "tool.updated", target: { type: "tool", id: row.id }, details });
        return after;
      });
      invalidate();
      // A new name or description can bring words that correct a typo from now on.
      searchWords.invalidate();
      return tool;
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        if (!(await repository.softDeleteTool(tx, id))) return false;
        await audit.record(tx, { actor, action: "tool.deleted", target: { type: "tool", id } });
        return true;
      });
      invalidate();
      if (!removed) throw notFound("Tool");
    },

    /** A tool's stock, changed only inside the caller's transaction (the orders that take and return it). */
    stock: {
      lockForOrders: (tx: Queryable, id: string) => stock.lockListedTool(tx, id),
      take: (tx: Queryable, id: string, quantity: number) => stock.takeStock(tx, id, quantity),
      giveBack: (tx: Queryable, id: string, quantity: number) => stock.returnStock(tx, id, quantity),
    },

    /** Restocks and corrections, and the ledger that records them with the orders' stock. */
    ledger,

    /** Called after a transaction that changed stock has committed, so this instance never shows an old quantity. */
    stockChanged: invalidate,
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
