import type { Tx } from "../../lib/change.js";
import type { AuditEntry, ListAuditQuery } from "./audit.schemas.js";
import type { AuditAction, AuditDetails, AuditStore, AuditTargetType } from "./audit.store.js";
import { readAuditLog } from "./read-audit-log.js";

export interface AuditActor {
  id: string;
  email: string;
}

export interface NewAuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string };
  details?: AuditDetails;
}

/** The log of what admins did: each module records its own admins' actions, and admins read it. */
export interface AuditService {
  /**
   * Records an admin's action. Pass the transaction that makes the change, so the entry commits
   * with it and rolls back with it; nothing is left to do after the commit.
   */
  record(tx: Tx, entry: NewAuditEntry): Promise<void>;
  /** One page of the log, newest first. */
  list(query: ListAuditQuery): Promise<AuditEntry[]>;
}

export interface AuditServiceDependencies {
  store: AuditStore;
}

export function createAuditService({ store }: AuditServiceDependencies): AuditService {
  return {
    record: (tx, { actor, action, target, details = {} }) =>
      store.append(tx, { actorId: actor.id, actorEmail: actor.email, action, targetType: target.type, targetId: target.id, details }),
    list: (query) => readAuditLog(store, query),
  };
}
