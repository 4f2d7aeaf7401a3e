import type { Database } from "../../db/client.js";
import { notFound } from "../../lib/errors.js";
import { isUuid } from "../../lib/ids.js";
import { toolEverExisted } from "./catalogue.repository.js";
import * as stock from "./stock.repository.js";
import { toStockMovement } from "./tool-wire.js";
import type { StockLedgerPage, StockLedgerQuery } from "./tools.schemas.js";

/** A tool's ledger, newest first; a deleted tool's ledger stays readable. */
export async function listStockMovements(db: Database, toolId: string, { limit, before }: StockLedgerQuery): Promise<StockLedgerPage> {
  if (!isUuid(toolId) || !(await toolEverExisted(db, toolId))) throw notFound("Tool");
  const rows = await stock.listMovements(db, toolId, { before: before === undefined ? undefined : Number(before), rows: limit + 1 });
  const page = rows.slice(0, limit);
  return { movements: page.map(toStockMovement), next: rows.length > limit ? String(page.at(-1)!.id) : null };
}
