import type { StockMovementDocument, ToolDocument } from "../../../src/modules/tools/firestore/tool-documents.js";
import type { TestApi } from "../test-app.js";

// What the tools' tests read of stored tools that no port exposes, on either store: a deleted
// tool's shelf, and the sum of a tool's whole ledger.

const toolDocument = (api: TestApi, toolId: string) => api.firestore.collection("tools").doc(toolId);

/** The units on a tool's shelf, listed or deleted; null when no tool has this id. */
export async function shelfStockOf(api: TestApi, toolId: string): Promise<number | null> {
  if (api.storeKind === "firestore") {
    const tool = (await toolDocument(api, toolId).get()).data() as ToolDocument | undefined;
    return tool?.stock ?? null;
  }
  const result = await api.database.pool.query<{ stock: number }>("select aq as stock from tools where id = $1", [toolId]);
  return result.rows[0]?.stock ?? null;
}

/** The sum of a tool's ledger: its initial stock, restocks and corrections. */
export async function ledgerTotalOf(api: TestApi, toolId: string): Promise<number> {
  if (api.storeKind === "firestore") {
    const movements = await toolDocument(api, toolId).collection("stockMovements").get();
    return movements.docs.reduce((sum, doc) => sum + (doc.data() as StockMovementDocument).quantity, 0);
  }
  const result = await api.database.pool.query<{ total: number }>("select coalesce(sum(quantity), 0)::int as total from stock_movements where tool_id = $1", [toolId]);
  return result.rows[0]!.total;
}
