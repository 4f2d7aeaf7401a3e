import type { Firestore } from "firebase-admin/firestore";
import { inFirestore } from "../../../firestore/unit-of-work.js";
import type { AuditStore } from "../audit.store.js";
import { type AuditCounterDocument, type AuditLogDocument, auditLogDocument, auditRecordOf } from "./audit.documents.js";

/** The audit log in Firestore (docs/firestore.md): `auditLog/{seq}`, numbered by `counters/auditLog`. */
export function firestoreAuditStore(db: Firestore): AuditStore {
  const entries = db.collection("auditLog");
  const counter = db.doc("counters/auditLog");

  return {
    /**
     * The counter is read and raised in the change's own transaction, so an entry's number is given
     * exactly when the change commits, and two changes at once cannot take the same one: the second
     * is retried and reads the first's. Every admin action writes this one document, which is no
     * bottleneck at a person's pace.
     */
    async append(tx, entry) {
      const change = inFirestore(tx);
      const last = (await change.get<AuditCounterDocument>(counter))?.last ?? 0;
      const seq = last + 1;
      change.set(counter, { last: seq } satisfies AuditCounterDocument);
      change.create(entries.doc(String(seq)), auditLogDocument(seq, entry, new Date()));
    },

    async newestFirst({ limit, before }) {
      if (limit <= 0) return [];
      const newest = entries.orderBy("seq", "desc");
      const page = await (before === null ? newest : newest.where("seq", "<", before)).limit(limit).get();
      return page.docs.map((snapshot) => auditRecordOf(snapshot.data() as AuditLogDocument));
    },
  };
}
