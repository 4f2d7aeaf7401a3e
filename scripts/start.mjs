#!/usr/bin/env node
// Starts the whole shop on one machine: the Firebase emulators (auth, firestore, functions, hosting)
// with the demo data, a local mail server with a web inbox, and the scheduled jobs on timers, since
// the emulators cannot trigger them. Where the machine has no Java 21+ (the Firestore emulator's
// need), the shop keeps its data in embedded PostgreSQL (PGlite) instead, and says what to install.
// Ctrl-C stops everything it started and keeps the data.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { apiMaxInstances } from "../functions/lib/config/connection-budget.js";
import { loadEnv } from "../functions/lib/config/env.js";
import { connectDatabase } from "../functions/lib/db/client.js";
import { connectFirestore } from "../functions/lib/firestore/client.js";
import { DEMO_ACCOUNTS, seedDemoShop } from "../functions/lib/stores/demo-shop.js";
import { firestoreStores } from "../functions/lib/stores/firestore.js";
import { postgresStores } from "../functions/lib/stores/postgres.js";
import { startEmbeddedPostgres } from "../functions/lib/db/embedded.js";
import { applyMigrations } from "../functions/lib/db/migrate.js";
import { runOnTimers } from "../functions/lib/jobs/run-on-timers.js";
import { SCHEDULED_JOBS } from "../functions/lib/jobs/schedule.js";
import { findFirestoreEmulator } from "./firestore-emulator.mjs";
import { startFrontDoor } from "./front-door.mjs";
import { MAIL_SMTP_PORT, MAIL_WEB_PORT, startMailServer } from "./mail-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.env.TOOLSHOP_DATA_DIR ?? join(root, ".data");
const emulatorDataDir = join(dataDir, "emulators");
const pgliteDir = join(dataDir, "pglite");
const mailDir = join(dataDir, "mail");
const shopUrl = "http://localhost:5000";
const projectId = "demo-toolshop";
// Beside firebase.json, so that its relative paths (hosting.public, functions.source) mean the same.
const localConfigPath = join(root, "firebase.local.json");
const pglitePort = Number(process.env.PGLITE_PORT ?? 5433);
// The shop's address is the local front door (front-door.mjs); the Hosting emulator sits behind it.
const SHOP_PORT = 5000;
const HOSTING_EMULATOR_PORT = 5002;
const EMULATOR_PORTS = [SHOP_PORT, HOSTING_EMULATOR_PORT, 5001, 9099, 4400, 4500, MAIL_SMTP_PORT, MAIL_WEB_PORT];
const firestoreEmulator = JSON.parse(readFileSync(join(root, "firebase.json"), "utf8")).emulators.firestore;
const FIRESTORE_PORTS = [firestoreEmulator.port, firestoreEmulator.websocketPort];
const firestoreHost = `${firestoreEmulator.host}:${firestoreEmulator.port}`;

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => probe.close(() => resolve(true)))
      .listen(port, "127.0.0.1");
  });
}

async function assertPortsFree(store) {
  const busy = [];
  for (const port of [...(store.kind === "firestore" ? FIRESTORE_PORTS : [pglitePort]), ...EMULATOR_PORTS]) if (!(await portIsFree(port))) busy.push(port);
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
    if (await seedDemoShop(postgresStores(handle.db))) console.log("Seeded the demo catalog, accounts and reviews.");
  } finally {
    await handle.close();
  }
  return database;
}

/**
 * Where the shop keeps its data: Firestore's emulator where this machine can run it, else the
 * embedded PostgreSQL, with the reason.
 */
async function chooseStore() {
  const found = await findFirestoreEmulator();
  if ("reason" in found) return { kind: "postgres", why: found.reason };
  return { kind: "firestore", emulatorEnv: found.env };
}

/** Fills the emulator's empty Firestore with the demo shop, once the emulators are up. */
async function seedFirestore() {
  process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  const firestore = connectFirestore({ projectId });
  try {
    if (await seedDemoShop(firestoreStores(firestore.db))) console.log("Seeded the demo catalog, accounts and reviews.");
  } finally {
    await firestore.close();
  }
}

/** The environment the API's function runs with under the emulators; the local job timers get the same. */
function functionsEnv(store, databaseUrl) {
  return {
    LOG_LEVEL: "warn",
    ...process.env,
    ...(store.kind === "firestore" ? { ...store.emulatorEnv, DATA_STORE: "firestore", FIRESTORE_EMULATOR_HOST: firestoreHost } : { DATA_STORE: "postgres" }),
    // Production mode keeps the Functions runtime from printing stack traces for bodies it
    // cannot parse before the API sees them.
    NODE_ENV: "production",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // One hop appends to X-Forwarded-For: the front door, the caller's address. No emulator does:
    // firebase-tools' hosting/proxy.js copies the request's headers, and emulator/functionsEmulator.js
    // and functionsRuntimeWorker.js pass them on to a runtime on a Unix socket, which has no address.
    // functions/test/security/trusted-proxy.test.ts runs that chain.
    TRUST_PROXY_HOPS: "1",
  };
}

/**
 * Runs the scheduled functions' own jobs on timers against the embedded database, as Cloud Scheduler
 * runs them when deployed: the emulators have no Pub/Sub to trigger them. JOBS_INTERVAL_SECONDS
 * makes the timers faster, for tests.
 */
function startJobs(store, databaseUrl) {
  if (store.kind === "firestore") process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
  const env = loadEnv({ ...functionsEnv(store, databaseUrl), GCLOUD_PROJECT: projectId });
  const log = { info: (message) => console.log(`i  jobs: ${message}`), error: (message) => console.error(`!  jobs: ${message}`) };
  return runOnTimers(SCHEDULED_JOBS, { env, log });
}

/** Adds `origins` to the named directives of a Content-Security-Policy that has them. */
function allowInPolicy(policy, directives, origins) {
  return policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (directives.includes(part.split(/\s+/)[0]) ? [part, ...origins.filter((origin) => !part.includes(origin))].join(" ") : part))
    .join("; ");
}

/**
 * firebase.json as it is deployed, plus what only the emulators need: the page's CSP lets it reach the
 * Auth emulator, for its REST calls and for the Google sign-in pop-up it serves, and the Firestore
 * emulator, where the order pages follow an order's status; Hosting listens behind the front door.
 * The file is ignored by git, and `firebase deploy` reads firebase.json alone.
 */
function writeLocalFirebaseConfig() {
  const config = JSON.parse(readFileSync(join(root, "firebase.json"), "utf8"));
  config.emulators.hosting.port = HOSTING_EMULATOR_PORT;
  const { port } = config.emulators.auth;
  const authEmulator = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const firestorePort = config.emulators.firestore.port;
  const firestoreEmulator = [`http://127.0.0.1:${firestorePort}`, `http://localhost:${firestorePort}`];
  for (const rule of config.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() === "content-security-policy") {
        header.value = allowInPolicy(header.value, ["connect-src", "frame-src"], authEmulator);
        header.value = allowInPolicy(header.value, ["connect-src"], firestoreEmulator);
      }
    }
  }
  writeFileSync(localConfigPath, `${JSON.stringify(config, null, 2)}\n`);
}

function startEmulators(store, databaseUrl) {
  // The first run starts from the committed demo accounts; later runs from what the last one saved.
  if (!existsSync(join(emulatorDataDir, "firebase-export-metadata.json"))) {
    cpSync(join(root, "emulator-data"), emulatorDataDir, { recursive: true });
  }
  const firebase = join(root, "node_modules", ".bin", "firebase");
  writeLocalFirebaseConfig();
  const only = store.kind === "firestore" ? "auth,firestore,functions,hosting" : "auth,functions,hosting";
  const args = ["emulators:start", "--only", only, "--project", projectId, "--config", localConfigPath];
  args.push("--import", emulatorDataDir, "--export-on-exit", emulatorDataDir);
  // Its own process group: Ctrl-C reaches this script alone, which passes on exactly one SIGINT,
  // since a second one makes the emulators quit without saving.
  return spawn(firebase, args, {
    cwd: root,
    stdio: "inherit",
    detached: true,
    env: functionsEnv(store, databaseUrl),
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

function printBanner(mail, store) {
  const accounts = DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(6)} ${a.email} / ${a.password}`).join("\n");
  const data =
    store.kind === "firestore"
      ? "  The shop's data is in the Firestore emulator."
      : `  The shop's data is in the embedded PostgreSQL (PGlite), not Firestore:\n${store.why.replace(/^/gm, "    ")}`;
  console.log(`
  Toolshop is running at ${shopUrl}
  E-mail the shop sends arrives at ${mail.inboxUrl}
${data}

  Demo accounts:
${accounts}

  Press Ctrl-C to stop. Data is kept in .data/ between runs.
`);
}

async function main() {
  const store = await chooseStore();
  await assertPortsFree(store);
  const database = store.kind === "postgres" ? await startDatabase() : null;
  mkdirSync(mailDir, { recursive: true });
  const mail = await startMailServer({ mailDirectory: mailDir });
  const jobs = startJobs(store, database?.url);
  const emulators = startEmulators(store, database?.url);
  // One API call per emulator worker, and as many workers as the deployed function has instances.
  const frontDoor = await startFrontDoor({
    port: SHOP_PORT,
    target: { host: "127.0.0.1", port: HOSTING_EMULATOR_PORT },
    apiConcurrency: apiMaxInstances(functionsEnv(store, database?.url)),
  });

  let stopping = false;
  let jobsStopped;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping the shop…");
    // The jobs first, while the emulators still answer: a run under way finishes instead of
    // waiting on a Firestore that has gone.
    jobsStopped = jobs.stop();
    await jobsStopped;
    if (emulators.exitCode === null) emulators.kill("SIGINT");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  emulators.on("exit", async (code) => {
    frontDoor.close();
    await (jobsStopped ?? jobs.stop());
    await mail.stop();
    await database?.stop();
    process.exit(stopping ? 0 : (code ?? 1));
  });

  if (await waitForShop(emulators)) {
    if (store.kind === "firestore") await seedFirestore();
    printBanner(mail, store);
  }
  else if (!stopping) {
    console.error("The shop did not come up; see the emulator output above.");
    stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
