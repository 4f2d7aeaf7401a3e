import type { Database, Queryable } from "../../db/client.js";
import type { ToolRow } from "../../db/schema.js";
import { notFound } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { toCents, toDollars } from "../../lib/money.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import * as stock from "./stock.repository.js";
import * as repository from "./tools.repository.js";
import type { CreateToolBody, Tool } from "./tools.schemas.js";

export type { StockForOrders } from "./stock.repository.js";

export const toTool = (row: ToolRow): Tool => ({
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
  const invalidate = () => {
    catalog.invalidate();
    single.invalidate();
  };

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

    async create(actor: AuditActor, { price, ...rest }: CreateToolBody): Promise<Tool> {
      const tool = await db.transaction(async (tx) => {
        const row = await repository.insertTool(tx, { ...rest, priceCents: toCents(price) });
        await audit.record(tx, { actor, action: "tool.created", target: { type: "tool", id: row.id }, details: { name: row.name } });
        return toTool(row);
      });
      invalidate();
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
