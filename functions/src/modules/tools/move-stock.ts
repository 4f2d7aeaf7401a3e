import { conflict, notFound } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import { toStockMovement } from "./tool-wire.js";
import { type StockMovementBody, type StockMovementMade, TOOL_STOCK_MAX } from "./tools.schemas.js";
import type { ToolsContext } from "./tools-context.js";

/**
 * An admin restocks a tool or corrects its stock (counted short, damaged, lost): one row of the
 * tool's ledger. With the stock a tool was created with (written by the store with the tool
 * itself), the ledger accounts for every unit: the sum of a tool's movements is its stock on
 * the shelf plus the units its live orders hold.
 *
 * The movement is made under the tool's lock, the lock orders take, so a movement and the orders
 * racing it are applied one after the other: none reads a stock the other has changed.
 */
export function moveStock(
  { store, change, audit, catalogue }: ToolsContext,
  actor: AuditActor,
  toolId: string,
  { kind, quantity, reason = "" }: StockMovementBody,
): Promise<StockMovementMade> {
  const units = kind === "restock" ? quantity : -quantity;
  return change(async ({ tx, afterCommit }) => {
    const tool = await store.lockListedTool(tx, toolId);
    if (!tool) throw notFound("Tool");
    if (tool.stock + units < 0) {
      throw conflict("stock_below_zero", `Only ${tool.stock} units are on the shelf; a correction cannot take off more than that.`);
    }
    if (tool.stock + units > TOOL_STOCK_MAX) {
      throw conflict("stock_above_maximum", `A tool holds at most ${TOOL_STOCK_MAX} units; ${tool.stock} are on the shelf.`);
    }
    const { movement, stock: left } = await store.moveStock(tx, { toolId: tool.id, kind, change: units, reason, actorId: actor.id });
    await audit.record(tx, {
      actor,
      action: "tool.stock_moved",
      target: { type: "tool", id: tool.id },
      details: { kind, quantity: units, reason, aq: left },
    });
    // This instance shows the new stock at once.
    afterCommit(catalogue.changed);
    return { movement: toStockMovement(movement), aq: left };
  });
}
