import { randomUUID } from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { type Firestore, getFirestore } from "firebase-admin/firestore";

export interface FirestoreHandle {
  db: Firestore;
  projectId: string;
  close(): Promise<void>;
}

/**
 * The shop's Firestore: the project's default database, through an Admin SDK app of its own, so
 * that closing it leaves the app that verifies sign-ins alone. Under `FIRESTORE_EMULATOR_HOST` the
 * SDK talks to the emulator, which keeps one data set per project id.
 */
export function connectFirestore({ projectId }: { projectId: string }): FirestoreHandle {
  const app = initializeApp({ projectId }, `firestore-${randomUUID()}`);
  const db = getFirestore(app);
  // A field left undefined is left out rather than refused: optional values stay optional.
  db.settings({ ignoreUndefinedProperties: true });
  return { db, projectId, close: () => deleteApp(app) };
}
