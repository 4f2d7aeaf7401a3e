import { notFound } from "../../lib/errors.js";
import { toStockMovement } from "./tool-wire.js";
import type { StockLedgerPage, StockLedgerQuery } from "./tools.schemas.js";
import type { ToolsStore } from "./tools.store.js";

/** A tool's ledger, newest first; a deleted tool's ledger stays readable. */
export async function listStockMovements(store: ToolsStore, toolId: string, { limit, before }: StockLedgerQuery): Promise<StockLedgerPage> {
  if (!(await store.toolEverExisted(toolId))) throw notFound("Tool");
  const rows = await store.listMovements(toolId, { before: before === undefined ? undefined : Number(before), rows: limit + 1 });
  const page = rows.slice(0, limit);
  return { movements: page.map(toStockMovement), next: rows.length > limit ? String(page.at(-1)!.id) : null };
}
