import { type SQL, sql } from "drizzle-orm";
import { bigint, check, customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Another module's table, imported only for a foreign key's references().
import { users } from "../../users/postgres/users.tables.js";
import { stockMovementKinds } from "../tools.store.js";

/** PostgreSQL's full-text document: the lexemes of a text, read through a text search configuration. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    img: text("img").notNull(),
    /** The price of one unit; the API's `price`, in dollars. */
    unitPriceCents: bigint("price_cents", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    /** The fewest units one order may ask for; the API's `moq`. */
    minOrderQuantity: integer("moq").notNull(),
    /** Units on the shelf that orders may still take; the API's `aq`. */
    stock: integer("aq").notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * The words of the name and description, kept by PostgreSQL itself ('simple': no stemming and no
     * stop words, whatever the language). The catalogue's search finds tools by it; read it in SQL only.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${tools.name} || ' ' || ${tools.description})`),
  },
  (t) => [
    check("tools_price_not_negative", sql`${t.unitPriceCents} >= 0`),
    check("tools_moq_positive", sql`${t.minOrderQuantity} >= 1`),
    // The last line of defence against overselling: no transaction can commit negative stock.
    check("tools_aq_not_negative", sql`${t.stock} >= 0`),
    // The catalogue's orders (docs/decisions/0013-catalogue-search-and-pages.md): each page, searched
    // or not, walks one of these from where the page before ended. Listed order is tools_listed_idx,
    // newest first the same index backwards.
    index("tools_listed_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_by_name_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_by_price_idx").on(t.unitPriceCents, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_search_idx").using("gin", t.searchVector).where(sql`${t.deletedAt} is null`),
    // Manage Tools' "low on stock" and the overview's count: tools that can no longer be ordered.
    index("tools_low_stock_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.stock} < ${t.minOrderQuantity}`),
  ],
);

/**
 * Every word of a tool's name or description, once, for correcting a search's typos by trigram
 * similarity. Triggers on tools fill it (migration 0006); words are never removed, so a word
 * whose tools are gone only finds nothing.
 */
export const catalogueWords = pgTable(
  "catalogue_words",
  { word: text("word").primaryKey() },
  (t) => [index("catalogue_words_trigram_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/**
 * Every change to a tool's stock that is not an order: the stock it was created with, and each
 * restock or correction an admin made, with the reason. For every tool, the sum of its movements
 * equals its units on the shelf (aq) plus the units held by its live orders.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: uuid("tool_id").notNull().references(() => tools.id),
    kind: text("kind", { enum: stockMovementKinds }).notNull(),
    /** Units added (positive) or taken away (negative). */
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("stock_movements_kind_known", sql`${t.kind} in ('initial', 'restock', 'correction')`),
    index("stock_movements_tool_idx").on(t.toolId, t.id),
  ],
);
