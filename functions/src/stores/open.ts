import type { StoreSettings } from "../config/env.js";
import { connectDatabase } from "../db/client.js";
import { applyMigrations } from "../db/migrate.js";
import { connectFirestore } from "../firestore/client.js";
import { firestoreStores } from "./firestore.js";
import { postgresStores, type Stores } from "./postgres.js";

export interface OpenStores {
  stores: Stores;
  close(): Promise<void>;
}

/**
 * The store the settings name, ready for use: PostgreSQL at DATABASE_URL with a pool of `poolMax`
 * connections, migrated first unless `migrate` is false (a scheduled job runs on what the API
 * migrated); or the project's Firestore, whose collections need no migration.
 */
export async function openStores(settings: StoreSettings, { poolMax, migrate = true }: { poolMax: number; migrate?: boolean }): Promise<OpenStores> {
  if (settings.DATA_STORE === "firestore") {
    const firestore = connectFirestore({ projectId: settings.FIREBASE_PROJECT_ID });
    return { stores: firestoreStores(firestore.db), close: firestore.close };
  }
  const database = connectDatabase({ url: settings.DATABASE_URL, poolMax });
  if (!migrate) return { stores: postgresStores(database.db), close: database.close };
  try {
    await applyMigrations(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return { stores: postgresStores(database.db), close: database.close };
}
