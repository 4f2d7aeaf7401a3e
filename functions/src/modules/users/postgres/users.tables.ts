import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firebaseUid: text("firebase_uid").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["buyer", "admin"] }).notNull().default("buyer"),
    education: text("education").notNull().default(""),
    location: text("location").notNull().default(""),
    number: text("number").notNull().default(""),
    linkIn: text("link_in").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    identitySyncDue: timestamp("identity_sync_due", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_firebase_uid_key").on(t.firebaseUid),
    check("users_role_known", sql`${t.role} in ('buyer', 'admin')`),
    // All User, newest first, whole or by role, and its search by email or name.
    index("users_listed_idx").on(t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    index("users_role_listed_idx").on(t.role, t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    index("users_search_idx").using("gin", sql`(${t.email} || ' ' || ${t.name}) gin_trgm_ops`).where(sql`${t.removedAt} is null`),
    // The accounts Firebase has yet to be told of, for the identity sync job; almost always none.
    index("users_identity_due_idx").on(t.identitySyncDue).where(sql`${t.identitySyncDue} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
