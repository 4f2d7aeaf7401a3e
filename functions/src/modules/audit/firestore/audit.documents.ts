import { Timestamp } from "firebase-admin/firestore";
import type { Stored } from "../../../firestore/stored.js";
import type { AuditRecord, NewAuditRecord } from "../audit.store.js";

/** `auditLog/{seq}` (docs/firestore.md): the record, numbered by its `seq`. */
export type AuditLogDocument = Stored<Omit<AuditRecord, "id">> & {
  seq: number;
  /** The trigger event that wrote an admin's client edit; null for the API's own entries. */
  eventId: string | null;
};

/** `counters/auditLog`: the last `seq` given. */
export interface AuditCounterDocument {
  last: number;
}

export const auditLogDocument = (seq: number, entry: NewAuditRecord, now: Date): AuditLogDocument => ({
  seq,
  actorId: entry.actorId,
  actorEmail: entry.actorEmail,
  action: entry.action,
  targetType: entry.targetType,
  targetId: entry.targetId,
  details: entry.details,
  createdAt: Timestamp.fromDate(now),
  eventId: null,
});

export const auditRecordOf = (document: AuditLogDocument): AuditRecord => ({
  id: document.seq,
  actorId: document.actorId,
  actorEmail: document.actorEmail,
  action: document.action,
  targetType: document.targetType,
  targetId: document.targetId,
  details: document.details,
  createdAt: document.createdAt.toDate(),
});
