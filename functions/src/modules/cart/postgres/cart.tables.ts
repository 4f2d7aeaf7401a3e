import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
// Other modules' tables, imported only for foreign keys' references().
import { tools } from "../../tools/postgres/tools.tables.js";
import { users } from "../../users/postgres/users.tables.js";

/**
 * A buyer's cart, a line per tool: what they mean to check out, and the price and name they saw when
 * they last saved the line. At most 50 lines a buyer (`CART_MAX_LINES`), which the store keeps.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Tools are only ever marked deleted, so a line outlives its tool's removal and shows it removed.
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The tool's unit price when the buyer last saved the line; a checkout pays it only while it is still the price. */
    seenPriceCents: bigint("seen_price_cents", { mode: "number" }).notNull(),
    /** The tool's name when the line was last saved, shown once the tool is removed. */
    seenToolName: text("seen_tool_name").notNull(),
    /** When the tool joined the cart; saving the line again keeps it, so lines keep the order they were added in. */
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A buyer's lines, read and locked together, in one range of the key.
    primaryKey({ columns: [t.userId, t.toolId] }),
    check("cart_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("cart_lines_seen_price_not_negative", sql`${t.seenPriceCents} >= 0`),
  ],
);

export type CartLineRow = typeof cartLines.$inferSelect;
