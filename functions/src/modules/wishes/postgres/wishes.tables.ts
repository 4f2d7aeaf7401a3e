import { type SQL, sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Other modules' tables, imported only for foreign keys' references().
import { tools } from "../../tools/postgres/tools.tables.js";
import { users } from "../../users/postgres/users.tables.js";

export const wishes = pgTable(
  "wishes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id),
    userName: text("user_name").notNull(),
    name: text("name").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    details: text("details").notNull(),
    createdAt: createdAt(),
    /** An admin's answer to the wish: still open, done (the tool is sold) or declined. */
    status: text("status", { enum: ["open", "done", "declined"] }).notNull().default("open"),
    /** The tool added for this wish, whose buyers are told when it is on sale. */
    toolId: uuid("tool_id").references(() => tools.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /**
     * The name under which wishes for the same tool meet (`wishKey` in modules/wishes, which must
     * give the same): lower case, only letters, digits and single spaces, a plural's "s" dropped.
     * lower() and [:alnum:] follow the database's character type, so it must be a UTF-8 locale
     * (C.UTF-8, en_US.UTF-8), as PGlite's and Cloud SQL's are; under plain C they know ASCII only.
     */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`regexp_replace(btrim(regexp_replace(regexp_replace(lower(${wishes.name}), '[^[:alnum:] \\t\\n\\r\\f\\v]', '', 'g'), '[ \\t\\n\\r\\f\\v]+', ' ', 'g')), '([^s 0-9])s$', '\\1')`,
      ),
  },
  (t) => [
    check("wishes_status_known", sql`${t.status} in ('open', 'done', 'declined')`),
    check("wishes_price_not_negative", sql`${t.priceCents} >= 0`),
    index("wishes_created_idx").on(t.createdAt),
    // User Wish, newest first, whole or by answer, and the overview's count of open wishes.
    index("wishes_listed_idx").on(t.status, t.createdAt, t.id),
    // User Wish's groups: an answer's wishes in the order of their key, each group's newest last.
    index("wishes_grouped_idx").on(t.status, t.nameKey, t.createdAt),
  ],
);

/**
 * User Wish's own copy of each account (docs/decisions/0023-wishers-read-model.md): the address its
 * wisher has now, and whether an admin removed the account. The admin's wish list shows that address
 * and searches by it in the one statement that reads the wishes, and the e-mail about a wished-for
 * tool goes to it.
 * The users module keeps it current through the wishes service (`wisherChanged`), in the transaction
 * of the change itself: a sign-in that creates an account or moves it to another address, a removal.
 */
export const wishers = pgTable(
  "wishers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account's address, as the users module stores it; kept after a removal, so a search still finds it. */
    email: text("email").notNull(),
    removed: boolean("removed").notNull().default(false),
  },
  // User Wish's search by part of a wisher's address, by trigram.
  (t) => [index("wishers_email_search_idx").using("gin", sql`${t.email} gin_trgm_ops`)],
);

export type WishRow = typeof wishes.$inferSelect;
export type WisherRow = typeof wishers.$inferSelect;
