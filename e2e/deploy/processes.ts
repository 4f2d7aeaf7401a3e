import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../functions/src/db/embedded.js";

const require = createRequire(import.meta.url);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a child that must not inherit this project's npm settings: npm passes its
 * config to scripts as npm_config_* variables (this project's allowScripts among them, and its
 * folder as the local prefix), which an install in the temporary folder would otherwise pick up.
 */
export function environmentWithoutNpm(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== "INIT_CWD") env[key] = value;
  }
  return { ...env, ...extra };
}

export interface Finished {
  output: string;
  seconds: number;
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ output, seconds });
      else reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`}) after ${seconds.toFixed(0)} s:\n${output}`));
    });
  });
}

/** npm as a command line: the npm running this script under Node 24 when there is one, else npm on the PATH. */
export function npmCommand(): { command: string; args: string[] } {
  const cli = process.env.npm_execpath;
  return cli && /npm-cli\.[cm]?js$/.test(cli) ? { command: process.execPath, args: [cli] } : { command: "npm", args: [] };
}

export interface Installed {
  /** Seconds to resolve the lock file, and to install from it. */
  lockSeconds: number;
  installSeconds: number;
  npmVersion: string;
  /** Install scripts npm skipped because nothing approved them. */
  skippedScripts: string[];
}

/**
 * Installs the production dependencies of the package in `dir` from its package.json alone, as the
 * Cloud Run functions Node.js buildpack does for a Firebase deploy: no lock file is uploaded (the
 * functions are a workspace without one), so it generates one with `npm install --package-lock-only`,
 * then runs `npm ci` with NODE_ENV=production. Firebase sets GOOGLE_NODE_RUN_SCRIPTS to empty on
 * every function it deploys, so no build script runs there, and npm prunes nothing afterwards.
 * (GoogleCloudPlatform/buildpacks cmd/nodejs/npm; firebase-tools lib/gcp/cloudfunctionsv2.js.)
 * Here npm uses the machine's npm cache without asking the registry whether what it holds is still
 * fresh (--prefer-offline): the same packages, resolved in seconds instead of half a minute on a rerun.
 */
export async function installProductionDependencies(dir: string): Promise<Installed> {
  const npm = npmCommand();
  const env = environmentWithoutNpm({ NODE_ENV: "production" });
  const options = { cwd: dir, env, timeoutMs: 300_000 };
  const flags = ["--prefer-offline", "--quiet", "--no-fund", "--no-audit"];
  const version = await run(npm.command, [...npm.args, "--version"], options);
  const lock = await run(npm.command, [...npm.args, "install", "--package-lock-only", ...flags], options);
  const install = await run(npm.command, [...npm.args, "ci", ...flags], options);
  // Only npm ci's warnings are about the packages it installed.
  const skippedScripts = [...install.output.matchAll(/install-scripts\s+(\S+@\S+) \((\w+):/g)].map(([, pkg, script]) => `${pkg} ${script}`);
  return {
    lockSeconds: lock.seconds,
    installSeconds: install.seconds,
    npmVersion: version.output.trim().split("\n").pop()!,
    skippedScripts: [...new Set(skippedScripts)].sort(),
  };
}

export interface Running {
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function startProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Running {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once `ready()` holds; rejects if the process ends first or `timeoutMs` passes. */
async function waitFor(running: Running, what: string, ready: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.process.exitCode !== null || running.process.signalCode !== null) {
      throw new Error(`${what} ended before it was ready:\n${running.output()}`);
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s:\n${running.output()}`);
}

const answers = async (url: string) => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
};

export interface Emulators extends Running {
  /** host:port of the Auth emulator. */
  authHost: string;
  /** host:port of the Firestore emulator; undefined when only Auth was started. */
  firestoreHost?: string;
}

/**
 * Firebase emulators of this test's own (Auth, and Firestore when `firestoreEnv` says how to run
 * it: scripts/firestore-emulator.mjs), on free ports, with their own small firebase.json, so they
 * neither need nor disturb the emulators of `npm start` and of the API tests.
 */
export async function startEmulators(folder: string, projectId: string, firestoreEnv?: Record<string, string>): Promise<Emulators> {
  const [auth, firestore, firestoreSocket, hub, logging] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  mkdirSync(folder, { recursive: true });
  const config = join(folder, "firebase.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: auth },
        ...(firestoreEnv ? { firestore: { host: "127.0.0.1", port: firestore, websocketPort: firestoreSocket } } : {}),
        hub: { host: "127.0.0.1", port: hub },
        logging: { host: "127.0.0.1", port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebase = require.resolve("firebase-tools/lib/bin/firebase.js");
  const only = firestoreEnv ? "auth,firestore" : "auth";
  const running = startProcess(process.execPath, [firebase, "--config", config, "emulators:start", "--only", only, "--project", projectId], {
    cwd: folder,
    env: environmentWithoutNpm(firestoreEnv),
  });
  const authHost = `127.0.0.1:${auth}`;
  const firestoreHost = firestoreEnv ? `127.0.0.1:${firestore}` : undefined;
  try {
    await waitFor(
      running,
      `The ${only} emulators`,
      async () =>
        running.output().includes("All emulators ready") && (await answers(`http://${authHost}/`)) && (!firestoreHost || (await answers(`http://${firestoreHost}/`))),
      120_000,
    );
  } catch (error) {
    await running.stop();
    throw error;
  }
  return { ...running, authHost, firestoreHost };
}

/**
 * The function `api` served by the Functions Framework, as Cloud Run functions runs it: the
 * framework's own command line in the function's folder, on this Node (24, from the project's
 * pinned `node` package), with the environment a Firebase deploy gives a 2nd-gen function (what
 * firebase-tools sets: FIREBASE_CONFIG, GCLOUD_PROJECT, EVENTARC_CLOUD_EVENT_SOURCE, FUNCTION_TARGET,
 * LOG_EXECUTION_ID; what Cloud Run sets: PORT, K_SERVICE, K_REVISION, K_CONFIGURATION,
 * FUNCTION_SIGNATURE_TYPE; what the buildpack sets: NODE_ENV=production) plus the app's own settings.
 * Nothing else is inherited but PATH and HOME.
 */
export async function startFunction(dir: string, settings: { projectId: string; region: string; env: Record<string, string> }): Promise<Running & { url: string }> {
  const port = await freePort();
  const { projectId, region } = settings;
  // The package's `functions-framework` command; its exports do not name the file.
  const framework = join(dirname(require.resolve("@google-cloud/functions-framework")), "main.js");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    NODE_ENV: "production",
    PORT: String(port),
    K_SERVICE: "api",
    K_REVISION: "api-00001-rehearsal",
    K_CONFIGURATION: "api",
    FUNCTION_TARGET: "api",
    FUNCTION_SIGNATURE_TYPE: "http",
    LOG_EXECUTION_ID: "true",
    GCLOUD_PROJECT: projectId,
    FIREBASE_CONFIG: JSON.stringify({ projectId, storageBucket: `${projectId}.appspot.com` }),
    EVENTARC_CLOUD_EVENT_SOURCE: `projects/${projectId}/locations/${region}/services/api`,
    ...settings.env,
  };
  const running = startProcess(process.execPath, [framework, "--target=api", "--signature-type=http"], { cwd: dir, env });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(running, "The function", () => answers(`${url}/favicon.ico`), 60_000);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return { ...running, url };
}

export interface FreshDatabase {
  url: string;
  kind: string;
  close(): Promise<void>;
}

/** An empty database: a new one on TEST_DATABASE_URL's server (CI), else PGlite served on a free port. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres();
    return { url: embedded.url, kind: "PGlite", close: embedded.stop };
  }
  const name = `toolshop_deploy_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: `PostgreSQL (${new URL(serverUrl).host})`,
    async close() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
