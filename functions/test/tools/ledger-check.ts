import { sql } from "drizzle-orm";
import type { Queryable } from "../../src/db/client.js";

export type ToolAccount = {
  toolId: string;
  /** Units on the shelf. */
  aq: number;
  /** Units held by orders that were neither cancelled nor refunded. */
  held: number;
  /** The sum of the tool's ledger: its initial stock, restocks and corrections. */
  ledger: number;
};

/**
 * How each tool's units are accounted for, straight from the database. The ledger holds when, for
 * every tool, `ledger === aq + held`.
 */
export async function toolAccounts(db: Queryable, toolIds?: string[]): Promise<ToolAccount[]> {
  const result = await db.execute<ToolAccount>(sql`
    select t.id as "toolId", t.aq,
      (select coalesce(sum(o.quantity), 0)::int from orders o where o.tool_id = t.id and o.status in ('unpaid', 'paid', 'shipped')) as held,
      (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.tool_id = t.id) as ledger
    from tools t
    ${toolIds ? sql`where t.id in (${sql.join(toolIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``}
    order by t.id`);
  return result.rows;
}

/** The accounts that do not add up; empty when the ledger holds. */
export async function unbalancedTools(db: Queryable, toolIds?: string[]): Promise<ToolAccount[]> {
  return (await toolAccounts(db, toolIds)).filter((account) => account.ledger !== account.aq + account.held);
}
