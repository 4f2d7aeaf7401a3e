import type { Tx } from "../../lib/change.js";

export const auditActions = [
  "tool.created",
  "tool.updated",
  "tool.deleted",
  "tool.stock_moved",
  "user.made_admin",
  "user.removed",
  "order.shipped",
  "order.cancelled",
  "order.refunded",
  "checkout.cancelled",
  "review.removed",
  "wish.resolved",
] as const;
export const auditTargetTypes = ["tool", "user", "order", "checkout", "review", "wish"] as const;
export type AuditAction = (typeof auditActions)[number];
export type AuditTargetType = (typeof auditTargetTypes)[number];
export type AuditDetails = Record<string, string | number | boolean | null>;

/** What an admin did, as the store keeps it. Entries are only ever added. */
export interface AuditRecord {
  /** A number that never repeats and grows with each entry: the log pages newest first by it. */
  id: number;
  /** The admin's account; null once that account is gone, its e-mail still naming who it was. */
  actorId: string | null;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  details: AuditDetails;
  createdAt: Date;
}

export type NewAuditRecord = Pick<AuditRecord, "actorId" | "actorEmail" | "action" | "targetType" | "targetId" | "details">;

/** Where the audit log is kept: the module's port, one implementation per store. */
export interface AuditStore {
  /**
   * Adds an entry in the change's transaction, so it exists exactly when the change committed. It
   * gets an id no entry had before, higher than those of the entries added before it.
   */
  append(tx: Tx, entry: NewAuditRecord): Promise<void>;
  /** At most `limit` entries, newest (highest id) first, only those below the id `before` when one is given. */
  newestFirst(page: { limit: number; before: number | null }): Promise<AuditRecord[]>;
}
