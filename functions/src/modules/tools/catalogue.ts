import { notFound } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import { type CatalogueView, type CursorParameter, readCursor, searchKey, unknownCursor, writeCursor } from "./catalogue-cursor.js";
import { toManagedTool, toTool } from "./tool-wire.js";
import type { CatalogueQuery, CataloguePage, ManageToolsPage, ManageToolsQuery, Tool } from "./tools.schemas.js";
import type { SearchWord, ToolRecord, ToolsStore } from "./tools.store.js";

/**
 * The catalog is read far more than it changes. Answers are kept for at most half a second, so a
 * deleted tool or a changed stock shows everywhere within a second, even from other instances;
 * this instance's own writes show at once.
 */
const CATALOG_MAX_AGE_MS = 500;

/** The tools as buyers and admins read them (ToolsService says what each read answers), and what a committed change makes them forget. */
export interface Catalogue {
  list(): Promise<Tool[]>;
  get(id: string): Promise<Tool>;
  /** The listed tools among these ids, each kept as briefly as the catalog; an id that names none is left out. */
  listed(ids: readonly string[]): Promise<ToolRecord[]>;
  search(query: CatalogueQuery): Promise<CataloguePage>;
  manage(query: ManageToolsQuery): Promise<ManageToolsPage>;
  /** Forgets every answer kept: a tool was added, edited or removed, or its stock moved. */
  changed(): void;
  /** Forgets how searches' words are spelled in the catalogue: a tool brought new words. */
  wordsChanged(): void;
}

export function createCatalogue(store: ToolsStore): Catalogue {
  const catalog = createFreshCache<Tool[]>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  // Past its size the catalog is a 422, kept as briefly, so asking again costs neither a read nor a serialization.
  const wholeCatalog = wholeListReader(WHOLE_LISTS.tools, { maxAgeMs: CATALOG_MAX_AGE_MS });
  const single = createFreshCache<Tool>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  // The tools carts are shown against: many carts hold the same popular tools, each read once a half-second.
  const records = createFreshCache<ToolRecord | null>({ maxAgeMs: CATALOG_MAX_AGE_MS, maxEntries: 10_000 });
  // Catalogue pages, kept as briefly as the catalog and forgotten with it: the first pages of the
  // sorts and of common searches are asked for far more often than stock changes.
  const pages = createFreshCache<CataloguePage>({ maxAgeMs: CATALOG_MAX_AGE_MS });
  // How a search's words are spelled in the catalogue changes only when a tool brings new words.
  const searchWords = createFreshCache<SearchWord[]>({ maxAgeMs: CATALOG_MAX_AGE_MS });

  /** A page of the view after the cursor, and the cursor of the page after it. */
  async function readPage(
    view: CatalogueView,
    after: string | null,
    limit: number,
    parameter: CursorParameter,
  ): Promise<{ rows: ToolRecord[]; next: string | null }> {
    const words = searchKey(view.q);
    const search = words === "" ? null : await searchWords.get(words, () => store.searchWords(words));
    const rows = await store.cataloguePage({ ...view, search, after, rows: limit + 1 });
    // An empty page after a cursor is either the end or a cursor naming no tool at all; only the
    // first is an answer.
    if (after !== null && rows.length === 0 && !(await store.toolEverExisted(after))) throw unknownCursor(parameter);
    const page = rows.slice(0, limit);
    return { rows: page, next: rows.length > limit ? writeCursor(view, page.at(-1)!.id) : null };
  }

  return {
    list: () => catalog.get("catalog", () => wholeCatalog.read((limit) => store.listListed(limit), toTool)),

    get(id) {
      return single.get(id, async () => {
        const row = await store.findListed(id);
        if (!row) throw notFound("Tool");
        return toTool(row);
      });
    },

    /** Each tool from memory while fresh; the ones that are not are read together, in one round trip. */
    async listed(ids) {
      const missing: string[] = [];
      let read: Promise<Map<string, ToolRecord>> | null = null;
      // The cache asks for each missing tool as `records.get` is called, all in this turn; the read waits for the next.
      const load = (id: string) => {
        missing.push(id);
        read ??= Promise.resolve().then(async () => new Map((await store.findListedByIds(missing)).map((row) => [row.id, row])));
        return read.then((rows) => rows.get(id) ?? null);
      };
      const found = await Promise.all([...new Set(ids)].map((id) => records.get(id, () => load(id))));
      return found.filter((row): row is ToolRecord => row !== null);
    },

    /**
     * Listed tools whose name or description has every word of `q` (forgiving a typo), in stock if
     * asked, in the asked order, after the tool the cursor names. A page is one read of the store
     * (docs/decisions/0013); the same page is answered from memory for half a second, like the catalog.
     */
    search({ q = "", sort, inStock, after, limit }) {
      const view: CatalogueView = { sort, q, inStock: inStock === "true" };
      const cursor = after === undefined ? null : readCursor(view, after);
      const key = JSON.stringify([sort, searchKey(q), view.inStock, cursor?.after ?? null, limit]);
      return pages.get(key, async () => {
        const { rows, next } = await readPage(view, cursor?.after ?? null, limit, "after");
        return { tools: rows.map(toTool), next };
      });
    },

    /**
     * Listed tools newest first, searched as the catalogue searches, only those low on stock if
     * asked. Read afresh each time: an admin who has just restocked sees the new stock.
     */
    async manage({ q = "", lowStock, cursor, limit }) {
      const view: CatalogueView = { sort: "newest", q, inStock: false, lowStock: lowStock === "true" };
      const after = cursor === undefined ? null : readCursor(view, cursor, "cursor").after;
      const { rows, next } = await readPage(view, after, limit, "cursor");
      return { tools: rows.map(toManagedTool), next };
    },

    changed() {
      catalog.invalidate();
      wholeCatalog.shrank();
      single.invalidate();
      records.invalidate();
      pages.invalidate();
    },

    wordsChanged: () => searchWords.invalidate(),
  };
}
