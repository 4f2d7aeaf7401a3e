import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { useSessionQueue } from "./adapters/pglite-session-queue.js";

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** A folder for the data, or undefined to keep it in memory. */
  dataDir?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  maxConnections?: number;
}

/**
 * PostgreSQL compiled to WASM, served on a local port so the app reaches it through `pg`
 * exactly as it reaches a real server. Queries from many connections are multiplexed onto
 * PGlite's single session; a connection holds it for a whole query, and a transaction until it ends.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port = 0,
  host = "127.0.0.1",
  maxConnections = 32,
}: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  // pg_trgm corrects the catalogue search's typos (migration 0006); PGlite ships it as a contrib module.
  const db = await PGlite.create(dataDir ?? "memory://", { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port, host, maxConnections });
  useSessionQueue(server, db);
  await server.start();
  const address = server.getServerConn();
  const actualPort = Number(address.split(":").pop());
  return {
    url: `postgres://postgres:postgres@${host}:${actualPort}/postgres?sslmode=disable`,
    port: actualPort,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
