import type { Database } from "../../db/client.js";
import type { StockMovementRow } from "../../db/schema.js";
import { conflict, notFound } from "../../lib/errors.js";
import { isUuid } from "../../lib/ids.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import { toolEverExisted } from "./catalogue.repository.js";
import * as stock from "./stock.repository.js";
import {
  type StockLedgerPage,
  type StockLedgerQuery,
  type StockMovement,
  type StockMovementBody,
  type StockMovementMade,
  TOOL_STOCK_MAX,
} from "./tools.schemas.js";

const toStockMovement = (row: StockMovementRow): StockMovement => ({
  _id: String(row.id),
  toolId: row.toolId,
  kind: row.kind,
  quantity: row.quantity,
  reason: row.reason,
  actorId: row.actorId,
  createdAt: row.createdAt.toISOString(),
});

export interface StockLedgerDependencies {
  audit: AuditService;
  /** Called once a movement has committed, so this instance shows the new stock at once. */
  stockChanged: () => void;
}

/**
 * The stock an admin moves by hand: restocks and corrections, each one row of the tool's ledger.
 * With the stock a tool was created with (written by the database itself when the tool is added),
 * the ledger accounts for every unit: the sum of a tool's movements is its stock on the shelf plus
 * the units its live orders hold.
 */
export function createStockLedger(db: Database, { audit, stockChanged }: StockLedgerDependencies) {
  return {
    /**
     * Restocks or corrects a tool under its row lock, the lock orders take, so a movement and the
     * orders racing it are applied one after the other: none reads a stock the other has changed.
     */
    async move(actor: AuditActor, toolId: string, { kind, quantity, reason = "" }: StockMovementBody): Promise<StockMovementMade> {
      const change = kind === "restock" ? quantity : -quantity;
      const made = await db.transaction(async (tx) => {
        const tool = await stock.lockListedTool(tx, toolId);
        if (!tool) throw notFound("Tool");
        if (tool.stock + change < 0) {
          throw conflict("stock_below_zero", `Only ${tool.stock} units are on the shelf; a correction cannot take off more than that.`);
        }
        if (tool.stock + change > TOOL_STOCK_MAX) {
          throw conflict("stock_above_maximum", `A tool holds at most ${TOOL_STOCK_MAX} units; ${tool.stock} are on the shelf.`);
        }
        const { movement, stock: left } = await stock.moveStock(tx, { toolId: tool.id, kind, change, reason, actorId: actor.id });
        await audit.record(tx, {
          actor,
          action: "tool.stock_moved",
          target: { type: "tool", id: tool.id },
          details: { kind, quantity: change, reason, aq: left },
        });
        return { movement: toStockMovement(movement), aq: left };
      });
      stockChanged();
      return made;
    },

    /** A tool's ledger, newest first; a deleted tool's ledger stays readable. */
    async list(toolId: string, { limit, before }: StockLedgerQuery): Promise<StockLedgerPage> {
      if (!isUuid(toolId) || !(await toolEverExisted(db, toolId))) throw notFound("Tool");
      const rows = await stock.listMovements(db, toolId, { before: before === undefined ? undefined : Number(before), rows: limit + 1 });
      const page = rows.slice(0, limit);
      return { movements: page.map(toStockMovement), next: rows.length > limit ? String(page.at(-1)!.id) : null };
    },
  };
}
export type StockLedger = ReturnType<typeof createStockLedger>;
