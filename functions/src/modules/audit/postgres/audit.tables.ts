import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Another module's table, imported only for a foreign key's references().
import { users } from "../../users/postgres/users.tables.js";
import { auditActions, type AuditDetails, auditTargetTypes } from "../audit.store.js";

/**
 * What admins did, written in the transaction of the change itself: an entry exists exactly when
 * the change was committed. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    // A sequence rather than a uuid: entries page newest first by it, and it never repeats.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid("actor_id").references(() => users.id),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    targetType: text("target_type", { enum: auditTargetTypes }).notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details").$type<AuditDetails>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("audit_log_action_known", sql`${t.action} in (${sql.raw(auditActions.map((a) => `'${a}'`).join(", "))})`),
    check("audit_log_target_type_known", sql`${t.targetType} in (${sql.raw(auditTargetTypes.map((a) => `'${a}'`).join(", "))})`),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);
