import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import { isUuid } from "../../../lib/ids.js";
import type { CartLineRecord, CartStore, NewCartLine } from "../cart.store.js";
import { cartLines } from "./cart.tables.js";

// Any fixed number: the first key of the carts' advisory locks, the second being the buyer's.
const CART_LOCK = 5_310_417;

const lineColumns = {
  toolId: cartLines.toolId,
  quantity: cartLines.quantity,
  seenPriceCents: cartLines.seenPriceCents,
  seenToolName: cartLines.seenToolName,
  addedAt: cartLines.addedAt,
};

/** One range of the primary key; `added_at` then the tool keep one order among at most 50 rows. */
const linesOf = (reader: Database | Transaction, userId: string): Promise<CartLineRecord[]> =>
  reader.select(lineColumns).from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.addedAt), asc(cartLines.toolId));

/**
 * The time a line joins the cart, taken when the statement runs (after the cart's lock, unlike
 * now(), the transaction's start), and a microsecond apart for each line one statement adds, so
 * lines keep the order they were added in.
 */
const joinedAt = (position: number): SQL<Date> => sql`clock_timestamp() + ${position} * interval '1 microsecond'`;

/**
 * The carts in PostgreSQL, a row per line. A change to a buyer's cart first takes the buyer's
 * transaction-scoped advisory lock: a row lock cannot hold back the insert of a line the cart does
 * not have yet, and the bound counts those too.
 */
export function postgresCartStore(db: Database): CartStore {
  async function lockCart(tx: Transaction, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}, hashtext(${userId}))`);
  }

  /**
   * Adds lines in one statement; a tool the cart has keeps the larger quantity. The new lines come
   * first in the statement's work and the raised ones after it (mergeLines), so the statement waits
   * on a tool's or an account's lock (the foreign keys) before it holds a line another change may
   * be deleting.
   */
  async function upsert(tx: Transaction, userId: string, lines: NewCartLine[], onConflict: "set" | "larger"): Promise<void> {
    if (lines.length === 0) return;
    const set =
      onConflict === "set"
        ? { quantity: sql`excluded.quantity`, seenPriceCents: sql`excluded.seen_price_cents`, seenToolName: sql`excluded.seen_tool_name` }
        : { quantity: sql`greatest(${cartLines.quantity}, excluded.quantity)` };
    await tx
      .insert(cartLines)
      .values(lines.map((line, position) => ({ userId, ...line, addedAt: joinedAt(position) })))
      .onConflictDoUpdate({ target: [cartLines.userId, cartLines.toolId], set });
  }

  return {
    lines: async (userId) => (isUuid(userId) ? linesOf(db, userId) : []),

    async saveLine(tx, userId, line, maxLines) {
      const pg = inPostgres(tx);
      await lockCart(pg, userId);
      const before = await linesOf(pg, userId);
      if (before.length >= maxLines && !before.some((held) => held.toolId === line.toolId)) return null;
      await upsert(pg, userId, [line], "set");
      return linesOf(pg, userId);
    },

    async removeLine(tx, userId, toolId) {
      const pg = inPostgres(tx);
      await lockCart(pg, userId);
      if (isUuid(toolId)) await pg.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.toolId, toolId)));
      return linesOf(pg, userId);
    },

    async mergeLines(tx, userId, lines, maxLines) {
      const pg = inPostgres(tx);
      await lockCart(pg, userId);
      const before = await linesOf(pg, userId);
      const held = new Map(before.map((line) => [line.toolId, line.quantity]));
      const joining = lines.filter((line) => !held.has(line.toolId)).slice(0, Math.max(0, maxLines - before.length));
      const raised = lines.filter((line) => line.quantity > (held.get(line.toolId) ?? Infinity));
      if (joining.length === 0 && raised.length === 0) return before;
      await upsert(pg, userId, joining, "larger");
      await upsert(pg, userId, raised, "larger");
      return linesOf(pg, userId);
    },

    /**
     * No cart lock: a checkout already holds its tools, and a line being saved waits on them (its
     * foreign key), so taking the lock here could wait in a circle.
     */
    async removeLines(tx, userId, toolIds) {
      const ids = toolIds.filter(isUuid);
      if (ids.length === 0) return;
      await inPostgres(tx)
        .delete(cartLines)
        .where(and(eq(cartLines.userId, userId), inArray(cartLines.toolId, ids)));
    },

    async forgetCart(tx, userId) {
      await inPostgres(tx).delete(cartLines).where(eq(cartLines.userId, userId));
    },
  };
}
