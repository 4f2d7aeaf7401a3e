import { desc, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { type AuditAction, auditLog, type AuditLogRow } from "./audit.tables.js";

export interface AuditActor {
  id: string;
  email: string;
}

export interface NewAuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditLogRow["targetType"]; id: string };
  details?: AuditLogRow["details"];
}

/**
 * Records an admin's action. Pass the transaction that makes the change, so the entry commits with
 * it and rolls back with it.
 */
export async function recordAudit(tx: Queryable, { actor, action, target, details = {} }: NewAuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, action, targetType: target.type, targetId: target.id, details });
}

export function listAudit(db: Queryable, { limit, before }: { limit: number; before?: number }): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
