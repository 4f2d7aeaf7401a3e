import type { Database, Queryable } from "../../db/client.js";
import type { ToolRow } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { toCents, toDollars } from "../../lib/money.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import { type CatalogueView, readCursor, searchKey, unknownCursor, writeCursor } from "./catalogue-cursor.js";
import * as catalogue from "./catalogue.repository.js";
import * as stock from "./stock.repository.js";
import * as repository from "./tools.repository.js";
import type { CatalogueQuery, CataloguePage, CreateToolBody, Tool } from "./tools.schemas.js";

export type { StockForOrders } from "./stock.repository.js";

export const toTool = (row: Pick<ToolRow, "id" | "name" | "img" | "priceCents" | "description" | "moq" | "aq">): Tool => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: toDollars(row.priceCents),
  description: row.description,
  moq: row.moq,
  aq: row.aq,
});

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
  const catalog = createFreshCache<Tool[]>({ maxAgeMs: CATALOG_MAX_AGE_MS });
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

  async function readPage(view: CatalogueView, after: string | null, limit: number): Promise<CataloguePage> {
    const words = searchKey(view.q);
    const search = words === "" ? null : await searchWords.get(words, () => catalogue.searchWords(db, words));
    const rows = await catalogue.cataloguePage(db, { search, sort: view.sort, inStock: view.inStock, after, rows: limit + 1 });
    // An empty page after a cursor is either the end or a cursor naming no tool at all; only the
    // first is an answer.
    if (after !== null && rows.length === 0 && !(await catalogue.toolEverExisted(db, after))) throw unknownCursor();
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? writeCursor(view, page.at(-1)!.id) : null;
    return { tools: page.map(toTool), next };
  }

  return {
    /** The catalog; the same array while it is fresh, so its answer is serialized once. */
    list(): Promise<Tool[]> {
      return catalog.get("catalog", async () => (await repository.listTools(db)).map(toTool));
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
      return pages.get(key, () => readPage(view, cursor?.after ?? null, limit));
    },

    async create(actor: AuditActor, { price, ...rest }: CreateToolBody): Promise<Tool> {
      const tool = await db.transaction(async (tx) => {
        const row = await repository.insertTool(tx, { ...rest, priceCents: toCents(price) });
        await audit.record(tx, { actor, action: "tool.created", target: { type: "tool", id: row.id }, details: { name: row.name } });
        return toTool(row);
      });
      invalidate();
      // Its words can correct a typo from now on.
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
      lockForOrders: (tx: Queryable, id: string) => stock.lockForOrders(tx, id),
      take: (tx: Queryable, id: string, quantity: number) => stock.takeStock(tx, id, quantity),
      giveBack: (tx: Queryable, id: string, quantity: number) => stock.returnStock(tx, id, quantity),
    },

    /** Called after a transaction that changed stock has committed, so this instance never shows an old quantity. */
    stockChanged: invalidate,
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
