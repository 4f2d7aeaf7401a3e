import type { Database, Queryable } from "../../db/client.js";
import { type NewAuditEntry, recordAudit } from "./audit.repository.js";
import type { AuditEntry, ListAuditQuery } from "./audit.schemas.js";
import { readAuditLog } from "./read-audit-log.js";

export type { AuditActor, NewAuditEntry } from "./audit.repository.js";

/** The log of what admins did: each module records its own admins' actions, and admins read it. */
export interface AuditService {
  /**
   * Records an admin's action. Pass the transaction that makes the change, so the entry commits
   * with it and rolls back with it; nothing is left to do after the commit.
   */
  record(tx: Queryable, entry: NewAuditEntry): Promise<void>;
  /** One page of the log, newest first. */
  list(query: ListAuditQuery): Promise<AuditEntry[]>;
}

export function createAuditService(db: Database): AuditService {
  return {
    record: (tx, entry) => recordAudit(tx, entry),
    list: (query) => readAuditLog(db, query),
  };
}
