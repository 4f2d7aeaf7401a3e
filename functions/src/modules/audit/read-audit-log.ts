import type { Queryable } from "../../db/client.js";
import type { AuditLogRow } from "./audit.tables.js";
import { listAudit } from "./audit.repository.js";
import type { AuditEntry, ListAuditQuery } from "./audit.schemas.js";

/** An entry as the admin reads it: the id, which pages the log, as a string, and the time as ISO 8601. */
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

/** One page of what admins did, newest first, from just before the entry `before` names. */
export async function readAuditLog(db: Queryable, { limit, before }: ListAuditQuery): Promise<AuditEntry[]> {
  const rows = await listAudit(db, { limit, before: before === undefined ? undefined : Number(before) });
  return rows.map(toAuditEntry);
}
