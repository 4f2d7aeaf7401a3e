import type { BulkWriter, Firestore } from "firebase-admin/firestore";

/**
 * A BulkWriter for the documents a test seeds, with its throttle off. By default it starts at 500
 * writes a second and speeds up over minutes, as Firestore asks of traffic to a live database; the
 * emulator takes the writes as fast as they come, and thousands of documents at 500 a second outlast
 * the test that needs them.
 */
export const seedingWriter = (db: Firestore): BulkWriter => db.bulkWriter({ throttling: false });
