import type { AuditEntry, ListAuditQuery } from "./audit.schemas.js";
import type { AuditRecord, AuditStore } from "./audit.store.js";

/** An entry as the admin reads it: the id, which pages the log, as a string, and the time as ISO 8601. */
const toAuditEntry = (row: AuditRecord): AuditEntry => ({
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
export async function readAuditLog(store: AuditStore, { limit, before }: ListAuditQuery): Promise<AuditEntry[]> {
  const rows = await store.newestFirst({ limit, before: before === undefined ? null : Number(before) });
  return rows.map(toAuditEntry);
}
