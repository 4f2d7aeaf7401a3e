import type { RunChange, Work } from "../../lib/change.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import { createCatalogue } from "./catalogue.js";
import { createTool } from "./create-tool.js";
import { editTool } from "./edit-tool.js";
import { listStockMovements } from "./list-stock-movements.js";
import { moveStock } from "./move-stock.js";
import { removeTool } from "./remove-tool.js";
import { toolStock } from "./tool-stock.js";
import type {
  CatalogueQuery,
  CataloguePage,
  CreateToolBody,
  ManageToolsPage,
  ManageToolsQuery,
  StockLedgerPage,
  StockLedgerQuery,
  StockMovementBody,
  StockMovementMade,
  Tool,
  UpdateToolBody,
} from "./tools.schemas.js";
import type { StockForOrders, ToolRecord, ToolsStore } from "./tools.store.js";
import type { ToolsContext } from "./tools-context.js";

export type { StockForOrders, ToolRecord } from "./tools.store.js";

/** The catalogue, the admin's changes to it, and the stock other modules move. */
export interface ToolsService {
  /**
   * The catalog (`GET /api/tools`), in the order the tools were listed; the same array while it is
   * fresh, so its answer is serialized once. Past its size (lib/whole-list.ts) it throws the 422
   * that points to the catalogue's pages.
   */
  list(): Promise<Tool[]>;
  get(id: string): Promise<Tool>;
  /**
   * The listed tools among these ids (a cart's lines), each kept for half a second like the catalog
   * and this instance's own changes shown at once; an id that names none is left out.
   */
  findListed(ids: readonly string[]): Promise<ToolRecord[]>;
  /**
   * One page of the catalogue (`GET /api/catalogue`): listed tools whose name or description has
   * every word of `q` (forgiving a typo), in stock if asked, in the asked order, after the tool the
   * cursor names. The same page is answered from memory for half a second, like the catalog.
   */
  search(query: CatalogueQuery): Promise<CataloguePage>;
  /**
   * A page of Manage Tools (`GET /api/admin/tools`): listed tools newest first, searched as the
   * catalogue searches, only those low on stock if asked. Read afresh each time.
   */
  manage(query: ManageToolsQuery): Promise<ManageToolsPage>;
  /** How many listed tools are low on stock, as Manage Tools' filter finds them; for the admin's overview. */
  countLowStock(): Promise<number>;
  create(actor: AuditActor, body: CreateToolBody): Promise<Tool>;
  update(actor: AuditActor, id: string, body: UpdateToolBody): Promise<Tool>;
  remove(actor: AuditActor, id: string): Promise<void>;
  /** A tool's stock as the orders take and return it, in their own change. */
  stock: ToolStock;
  /** Restocks and corrections, and the ledger that records them with the orders' stock. */
  ledger: StockLedger;
}

/**
 * What another module's change does to a tool's stock (the orders that take units and give them
 * back). Each call joins the caller's change; moving stock registers the catalogue's forgetting
 * with it, so this instance never shows an old quantity once the change has committed.
 */
export interface ToolStock {
  /**
   * Locks a listed tool for the rest of the change, so the orders of one batch are checked against
   * its stock as it is and no other change moves it meanwhile; null when no listed tool has this id.
   */
  lockForOrders(work: Work, id: string): Promise<StockForOrders | null>;
  take(work: Work, id: string, quantity: number): Promise<void>;
  /** Returns units to a tool, deleted or not: the stock was never sold. */
  giveBack(work: Work, id: string, quantity: number): Promise<void>;
}

/** The stock an admin moves by hand, each movement one row of the tool's ledger. */
export interface StockLedger {
  move(actor: AuditActor, toolId: string, movement: StockMovementBody): Promise<StockMovementMade>;
  /** A tool's ledger, newest first; a deleted tool's ledger stays readable. */
  list(toolId: string, query: StockLedgerQuery): Promise<StockLedgerPage>;
}

export interface ToolsServiceDependencies {
  store: ToolsStore;
  change: RunChange;
  audit: AuditService;
}

export function createToolsService({ store, change, audit }: ToolsServiceDependencies): ToolsService {
  const catalogue = createCatalogue(store);
  const context: ToolsContext = { store, change, audit, catalogue };
  return {
    list: () => catalogue.list(),
    get: (id) => catalogue.get(id),
    findListed: (ids) => catalogue.listed(ids),
    search: (query) => catalogue.search(query),
    manage: (query) => catalogue.manage(query),
    countLowStock: () => store.countLowStock(),
    create: (actor, body) => createTool(context, actor, body),
    update: (actor, id, body) => editTool(context, actor, id, body),
    remove: (actor, id) => removeTool(context, actor, id),
    stock: toolStock(store, catalogue),
    ledger: {
      move: (actor, toolId, movement) => moveStock(context, actor, toolId, movement),
      list: (toolId, query) => listStockMovements(store, toolId, query),
    },
  };
}
