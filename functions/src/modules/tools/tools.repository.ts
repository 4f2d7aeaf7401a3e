import { and, asc, count, eq, getTableColumns, isNull, lt, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { tools, type ToolRow } from "./tools.tables.js";
import { isUuid } from "../../lib/ids.js";

const listed = isNull(tools.deletedAt);

/** Every column the app reads: all but the search document, which only the catalogue's SQL uses. */
export const { searchVector: _searchVector, ...toolColumns } = getTableColumns(tools);

/** The catalog in the order tools were listed, at most `limit` of them. */
export function listTools(db: Queryable, limit: number): Promise<ToolRow[]> {
  return db.select(toolColumns).from(tools).where(listed).orderBy(asc(tools.createdAt), asc(tools.id)).limit(limit);
}

/** A listed tool; `lock` holds its row for the rest of the transaction, as an edit does. */
export async function findTool(db: Queryable, id: string, { lock = false } = {}): Promise<ToolRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select(toolColumns).from(tools).where(and(eq(tools.id, id), listed));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** What an edit may change: everything but the stock, which moves only with its ledger. */
export type ToolEdit = Partial<Pick<ToolRow, "name" | "img" | "unitPriceCents" | "description" | "minOrderQuantity">>;

export async function updateTool(db: Queryable, id: string, edit: ToolEdit): Promise<ToolRow> {
  const [row] = await db.update(tools).set(edit).where(eq(tools.id, id)).returning(toolColumns);
  return row!;
}

export async function insertTool(db: Queryable, values: typeof tools.$inferInsert): Promise<ToolRow> {
  const [row] = await db.insert(tools).values(values).returning(toolColumns);
  return row!;
}

export async function softDeleteTool(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(tools)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(tools.id, id), listed))
    .returning({ id: tools.id });
  return rows.length === 1;
}

/** How many listed tools can no longer be ordered: their stock is below their minimum order. */
export async function countLowStock(db: Queryable): Promise<number> {
  const [row] = await db.select({ count: count() }).from(tools).where(and(listed, lt(tools.stock, tools.minOrderQuantity)));
  return row?.count ?? 0;
}
