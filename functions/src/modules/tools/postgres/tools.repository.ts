import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import { isUuid } from "../../../lib/ids.js";
import type { ToolsStore } from "../tools.store.js";
import { cataloguePage, searchWords } from "./catalogue-search.js";
import { stockMovements, tools } from "./tools.tables.js";

const listed = isNull(tools.deletedAt);

/** Every column the app reads: all but the search document and the deletion, which only SQL uses. */
const { searchVector: _searchVector, deletedAt: _deletedAt, ...toolColumns } = getTableColumns(tools);

/** What an order or a stock movement reads of its tool under the lock. */
const stockColumns = { id: tools.id, name: tools.name, unitPriceCents: tools.unitPriceCents, minOrderQuantity: tools.minOrderQuantity, stock: tools.stock };

/**
 * The tools in PostgreSQL. Ids are uuids here, and a value that is not one is answered as a missing
 * tool before it reaches a query, where casting it would fail.
 */
export function postgresToolsStore(db: Database): ToolsStore {
  return {
    listListed: (limit) => db.select(toolColumns).from(tools).where(listed).orderBy(asc(tools.createdAt), asc(tools.id)).limit(limit),

    async findListed(id) {
      if (!isUuid(id)) return null;
      const [row] = await db.select(toolColumns).from(tools).where(and(eq(tools.id, id), listed));
      return row ?? null;
    },

    async findListedByIds(ids) {
      const uuids = [...new Set(ids.filter(isUuid))];
      if (uuids.length === 0) return [];
      return db.select(toolColumns).from(tools).where(and(inArray(tools.id, uuids), listed));
    },

    /** `tools_low_stock_idx`: its predicate is this filter. */
    async countLowStock() {
      const [row] = await db.select({ count: count() }).from(tools).where(and(listed, lt(tools.stock, tools.minOrderQuantity)));
      return row?.count ?? 0;
    },

    async toolEverExisted(id) {
      if (!isUuid(id)) return false;
      const rows = await db.select({ id: tools.id }).from(tools).where(eq(tools.id, id));
      return rows.length === 1;
    },

    searchWords: (q) => searchWords(db, q),
    cataloguePage: (query) => cataloguePage(db, query),

    /**
     * Triggers on tools (migrations 0006 and 0007) write the `initial` movement and the tool's words
     * in the same statement.
     */
    async insertTool(tx, tool) {
      const [row] = await inPostgres(tx).insert(tools).values(tool).returning(toolColumns);
      return row!;
    },

    /** `for update`: the row lock that lockListedTool takes too. */
    async lockToolForEdit(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx)
        .select(toolColumns)
        .from(tools)
        .where(and(eq(tools.id, id), listed))
        .for("update");
      return row ?? null;
    },

    /** A trigger on tools (migration 0006) adds a new name's or description's words. */
    async updateTool(tx, id, edit) {
      const [row] = await inPostgres(tx).update(tools).set(edit).where(eq(tools.id, id)).returning(toolColumns);
      return row!;
    },

    /** One statement: the second of two removals waits for the first's row lock, then finds the tool deleted. */
    async markToolDeleted(tx, id) {
      if (!isUuid(id)) return false;
      const rows = await inPostgres(tx)
        .update(tools)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(tools.id, id), listed))
        .returning({ id: tools.id });
      return rows.length === 1;
    },

    /** `for update` on the tool's row, held to the end of the transaction. */
    async lockListedTool(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx)
        .select(stockColumns)
        .from(tools)
        .where(and(eq(tools.id, id), listed))
        .for("update");
      return row ?? null;
    },

    /** The check `tools_aq_not_negative` is the last line of defence against overselling. */
    async takeStock(tx, id, quantity) {
      await inPostgres(tx)
        .update(tools)
        .set({ stock: sql`${tools.stock} - ${quantity}` })
        .where(eq(tools.id, id));
    },

    async returnStock(tx, id, quantity) {
      await inPostgres(tx)
        .update(tools)
        .set({ stock: sql`${tools.stock} + ${quantity}` })
        .where(eq(tools.id, id));
    },

    async moveStock(tx, movement) {
      const [tool] = await inPostgres(tx)
        .update(tools)
        .set({ stock: sql`${tools.stock} + ${movement.change}` })
        .where(eq(tools.id, movement.toolId))
        .returning({ stock: tools.stock });
      const [row] = await inPostgres(tx)
        .insert(stockMovements)
        .values({ toolId: movement.toolId, kind: movement.kind, quantity: movement.change, reason: movement.reason, actorId: movement.actorId })
        .returning();
      return { movement: row!, stock: tool!.stock };
    },

    /** `stock_movements_tool_idx`, read backwards from the movement the page starts before. */
    listMovements(toolId, { before, rows }) {
      return db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.toolId, toolId), before === undefined ? undefined : lt(stockMovements.id, before)))
        .orderBy(desc(stockMovements.id))
        .limit(rows);
    },
  };
}
