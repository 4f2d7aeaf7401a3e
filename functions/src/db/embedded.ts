import { PGlite } from "@electric-sql/pglite";
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
  const db = await PGlite.create(dataDir ?? "memory://");
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
