import { startEmbeddedPostgres } from "../db/embedded.js";
import { exitOnSignals, runMain } from "./process-lifecycle.js";

/**
 * Serves PGlite on a local port in a process of its own and prints its URL on the first line,
 * for tools (the benchmark) that want the embedded database without sharing its CPU.
 */
runMain(async () => {
  const port = Number(process.env.PGLITE_PORT ?? 0);
  const database = await startEmbeddedPostgres({ dataDir: process.env.PGLITE_DATA_DIR, port });
  console.log(database.url);
  exitOnSignals(() => database.stop());
});
