import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/db/embedded.js";

export interface TestDatabase {
  url: string;
  close(): Promise<void>;
}

/** A fresh, empty database for one test file: PGlite in memory, or a new database on TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE !== "postgres") {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, close: embedded.stop };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `toolshop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
