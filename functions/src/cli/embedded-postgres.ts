import { startEmbeddedPostgres } from "../db/embedded.js";

/**
 * Serves PGlite on a local port in a process of its own and prints its URL on the first line,
 * for tools (the benchmark) that want the embedded database without sharing its CPU.
 */
async function main() {
  const port = Number(process.env.PGLITE_PORT ?? 0);
  const database = await startEmbeddedPostgres({ dataDir: process.env.PGLITE_DATA_DIR, port });
  console.log(database.url);
  const stop = async () => {
    await database.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
