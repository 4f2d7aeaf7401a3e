import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { tools, type ToolRow } from "../../db/schema.js";
import { isUuid } from "../../lib/ids.js";

const listed = isNull(tools.deletedAt);

/** Every column the app reads: all but the search document, which only the catalogue's SQL uses. */
export const { searchVector: _searchVector, ...toolColumns } = getTableColumns(tools);

export function listTools(db: Queryable): Promise<ToolRow[]> {
  return db.select(toolColumns).from(tools).where(listed).orderBy(asc(tools.createdAt), asc(tools.id));
}

export async function findTool(db: Queryable, id: string): Promise<ToolRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(toolColumns).from(tools).where(and(eq(tools.id, id), listed));
  return row ?? null;
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
