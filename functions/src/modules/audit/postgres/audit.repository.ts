import { desc, lt } from "drizzle-orm";
import type { Database } from "../../../db/client.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import type { AuditStore } from "../audit.store.js";
import { auditLog } from "./audit.tables.js";

/** The audit log in PostgreSQL. */
export function postgresAuditStore(db: Database): AuditStore {
  return {
    /** The id comes from the table's identity sequence. */
    async append(tx, entry) {
      await inPostgres(tx).insert(auditLog).values(entry);
    },

    /** The primary key, read backwards from `before`. */
    newestFirst({ limit, before }) {
      return db
        .select()
        .from(auditLog)
        .where(before === null ? undefined : lt(auditLog.id, before))
        .orderBy(desc(auditLog.id))
        .limit(limit);
    },
  };
}
