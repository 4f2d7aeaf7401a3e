import { timestamp } from "drizzle-orm/pg-core";

/** When a row was written: every table that keeps it calls it `created_at`, set by the database. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
