import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Another module's table, imported only for a foreign key's references().
import { users } from "../../users/postgres/users.tables.js";

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id),
    userName: text("user_name").notNull(),
    rating: integer("rating").notNull(),
    review: text("review").notNull(),
    createdAt: createdAt(),
    /** When an admin took the review down; it is kept for the audit log's sake and no longer shown. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Whether an admin removed the author's account: the review stays stored and is no longer shown.
     * Remove User sets it in its own transaction, through the reviews service (decision 23).
     */
    authorRemoved: boolean("author_removed").notNull().default(false),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    index("reviews_created_idx").on(t.createdAt),
    // The home page's newest reviews, those still shown.
    index("reviews_shown_idx").on(t.createdAt, t.id).where(sql`${t.removedAt} is null and not ${t.authorRemoved}`),
  ],
);
