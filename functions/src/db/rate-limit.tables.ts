import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Requests counted per key (a limited call and who made it) in fixed windows, shared by every API
 * instance (docs/decisions/0010-rate-limits-in-postgresql.md). The window leads the key, so windows
 * that are over are deleted as one range of the primary key. Its statements are in rate-limit-counter.ts.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "rate_limit_counters_pkey", columns: [t.windowStart, t.key] })],
);
