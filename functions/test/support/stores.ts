import { randomBytes } from "node:crypto";
import { connectDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { applyMigrations } from "../../src/db/migrate.js";
import type { Firestore } from "firebase-admin/firestore";
import { connectFirestore } from "../../src/firestore/client.js";
import { firestoreStores } from "../../src/stores/firestore.js";
import { postgresStores, type Stores } from "../../src/stores/postgres.js";
import { createTestDatabase } from "./database.js";

export type StoreKind = "pglite" | "postgres" | "firestore";

export interface TestStores {
  kind: StoreKind;
  stores: Stores;
  /** The PostgreSQL database behind the stores, for the tests that read it directly; null on Firestore. */
  postgres: DatabaseHandle | null;
  /** The Firestore database behind the stores, for the tests that read it directly; null on PostgreSQL. */
  firestore: Firestore | null;
  /** The stores as another instance of the API has them: its own objects, on the same data. */
  another(): Stores;
  close(): Promise<void>;
}

/** The store a test file runs on, as its vitest project says (TEST_DATABASE). */
export const storeKind = (): StoreKind => (process.env.TEST_DATABASE as StoreKind | undefined) ?? "pglite";

/**
 * Every module's store over fresh, empty data for one test file: a new PostgreSQL database (PGlite
 * or the server's), or a project of its own on the Firestore emulator, which keeps each project's
 * data apart and forgets it when the file closes.
 */
export async function createTestStores({ poolMax = 10 }: { poolMax?: number } = {}): Promise<TestStores> {
  const kind = storeKind();
  if (kind === "firestore") {
    const host = process.env.FIRESTORE_EMULATOR_HOST;
    if (!host) throw new Error("FIRESTORE_EMULATOR_HOST is not set");
    const projectId = `demo-toolshop-store-${randomBytes(6).toString("hex")}`;
    const firestore = connectFirestore({ projectId });
    return {
      kind,
      stores: firestoreStores(firestore.db),
      postgres: null,
      firestore: firestore.db,
      another: () => firestoreStores(firestore.db),
      async close() {
        await firestore.close();
        await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: "DELETE" });
      },
    };
  }
  const testDatabase = await createTestDatabase();
  const database = connectDatabase({ url: testDatabase.url, poolMax });
  await applyMigrations(database.pool);
  return {
    kind,
    stores: postgresStores(database.db),
    postgres: database,
    firestore: null,
    another: () => postgresStores(database.db),
    async close() {
      await database.close();
      await testDatabase.close();
    },
  };
}
