import type { OrderStatus } from "../../src/modules/orders/orders.store.js";
import { unitsOrdered } from "../support/inspect/orders.js";
import { ledgerTotalOf, shelfStockOf } from "../support/inspect/tools.js";
import type { TestApi } from "../support/test-app.js";

export type ToolAccount = {
  toolId: string;
  /** Units on the shelf. */
  aq: number;
  /** Units held by orders that were neither cancelled nor refunded. */
  held: number;
  /** The sum of the tool's ledger: its initial stock, restocks and corrections. */
  ledger: number;
};

/** The orders whose units are out of stock and not back: neither cancelled nor refunded. */
const HOLDING: readonly OrderStatus[] = ["unpaid", "paid", "shipped"];

/**
 * How each tool's units are accounted for, as the store keeps them (a deleted tool's too). The
 * ledger holds when, for every tool, `ledger === aq + held`.
 */
export async function toolAccounts(api: TestApi, toolIds: string[]): Promise<ToolAccount[]> {
  return Promise.all(
    [...toolIds].sort().map(async (toolId) => {
      const [aq, held, ledger] = await Promise.all([shelfStockOf(api, toolId), unitsOrdered(api, toolId, HOLDING), ledgerTotalOf(api, toolId)]);
      if (aq === null) throw new Error(`no tool ${toolId} is stored`);
      return { toolId, aq, held, ledger };
    }),
  );
}

/** The accounts that do not add up; empty when the ledger holds. */
export async function unbalancedTools(api: TestApi, toolIds: string[]): Promise<ToolAccount[]> {
  return (await toolAccounts(api, toolIds)).filter((account) => account.ledger !== account.aq + account.held);
}
