#!/usr/bin/env node
// Starts the whole shop on one machine: embedded PostgreSQL (PGlite) with the demo data, then the
// Firebase emulators (auth, functions, hosting). Ctrl-C stops everything it started and keeps the data.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { connectDatabase } from "../functions/lib/db/client.js";
import { DEMO_ACCOUNTS, seedDemoData } from "../functions/lib/db/demo-data.js";
import { startEmbeddedPostgres } from "../functions/lib/db/embedded.js";
import { applyMigrations } from "../functions/lib/db/migrate.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.env.TOOLSHOP_DATA_DIR ?? join(root, ".data");
const emulatorDataDir = join(dataDir, "emulators");
const pgliteDir = join(dataDir, "pglite");
const shopUrl = "http://localhost:5000";
const pglitePort = Number(process.env.PGLITE_PORT ?? 5433);
const EMULATOR_PORTS = [5000, 5001, 9099, 4400, 4500];

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => probe.close(() => resolve(true)))
      .listen(port, "127.0.0.1");
  });
}

async function assertPortsFree() {
  const busy = [];
  for (const port of [pglitePort, ...EMULATOR_PORTS]) if (!(await portIsFree(port))) busy.push(port);
  if (busy.length > 0) {
    console.error(`Port ${busy.join(", ")} is in use. Is the shop already running? Stop it, or free the port, and try again.`);
    process.exit(1);
  }
}

async function startDatabase() {
  mkdirSync(pgliteDir, { recursive: true });
  const database = await startEmbeddedPostgres({ dataDir: pgliteDir, port: pglitePort });
  const handle = connectDatabase({ url: database.url, poolMax: 2 });
  try {
    await applyMigrations(handle.pool);
    if (await seedDemoData(handle.db)) console.log("Seeded the demo catalog, accounts and reviews.");
  } finally {
    await handle.close();
  }
  return database;
}

function startEmulators(databaseUrl) {
  // The first run starts from the committed demo accounts; later runs from what the last one saved.
  if (!existsSync(join(emulatorDataDir, "firebase-export-metadata.json"))) {
    cpSync(join(root, "emulator-data"), emulatorDataDir, { recursive: true });
  }
  const firebase = join(root, "node_modules", ".bin", "firebase");
  const args = ["emulators:start", "--only", "auth,functions,hosting", "--project", "demo-toolshop"];
  args.push("--import", emulatorDataDir, "--export-on-exit", emulatorDataDir);
  // Its own process group: Ctrl-C reaches this script alone, which passes on exactly one SIGINT,
  // since a second one makes the emulators quit without saving.
  return spawn(firebase, args, {
    cwd: root,
    stdio: "inherit",
    detached: true,
    env: {
      LOG_LEVEL: "warn",
      ...process.env,
      // Production mode keeps the Functions runtime from printing stack traces for bodies it
      // cannot parse before the API sees them.
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
    },
  });
}

async function waitForShop(child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${shopUrl}/api/health`);
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

function printBanner() {
  const accounts = DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(6)} ${a.email} / ${a.password}`).join("\n");
  console.log(`
  Toolshop is running at ${shopUrl}

  Demo accounts:
${accounts}

  Press Ctrl-C to stop. Data is kept in .data/ between runs.
`);
}

async function main() {
  await assertPortsFree();
  const database = await startDatabase();
  const emulators = startEmulators(database.url);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping the shop…");
    if (emulators.exitCode === null) emulators.kill("SIGINT");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  emulators.on("exit", async (code) => {
    await database.stop();
    process.exit(stopping ? 0 : (code ?? 1));
  });

  if (await waitForShop(emulators)) printBanner();
  else if (!stopping) {
    console.error("The shop did not come up; see the emulator output above.");
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
