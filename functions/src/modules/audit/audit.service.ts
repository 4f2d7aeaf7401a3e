import type { Database, Queryable } from "../../db/client.js";
import type { AuditLogRow } from "../../db/schema.js";
import * as repository from "./audit.repository.js";
import type { AuditEntry, ListAuditQuery } from "./audit.schemas.js";

const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  _id: String(row.id),
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

export type { AuditActor, NewAuditEntry } from "./audit.repository.js";

export function createAuditService(db: Database) {
  return {
    /**
     * Records an admin's action. Pass the transaction that makes the change, so the entry commits
     * with it and rolls back with it.
     */
    record: (tx: Queryable, entry: repository.NewAuditEntry): Promise<void> => repository.recordAudit(tx, entry),


    async list({ limit, before }: ListAuditQuery): Promise<AuditEntry[]> {
      const rows = await repository.listAudit(db, { limit, before: before === undefined ? undefined : Number(before) });
      return rows.map(toAuditEntry);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
