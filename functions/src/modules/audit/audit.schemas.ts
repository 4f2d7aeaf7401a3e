import { z } from "zod";
import { pageLimit } from "../common.schemas.js";

export const auditEntry = z.object({
  _id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const MAX_AUDIT_PAGE = 200;

/** Newest first; `before` is the `_id` of the last entry of the previous page. */
export const listAuditQuery = z.strictObject({
  limit: pageLimit(MAX_AUDIT_PAGE),
  before: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "Must be the _id of an entry")
    .optional(),
});
export type ListAuditQuery = z.infer<typeof listAuditQuery>;
