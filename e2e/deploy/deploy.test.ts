import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { folderSize, formatBytes, functionsConfig, inspectPackage, installedPackages, nodeModulesAbove, packagesOnlyDevNeeds, packFunction } from "./package.js";
import { findFirestoreEmulator } from "../../scripts/firestore-emulator.mjs";
import {
  type Emulators,
  environmentWithoutNpm,
  type FreshDatabase,
  freshDatabase,
  installProductionDependencies,
  run,
  type Running,
  startEmulators,
  startFunction,
} from "./processes.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const PROJECT_ID = "demo-toolshop-deploy";
const REGION = "us-central1";

// The function is rehearsed on its default store, Firestore, wherever the emulator can run; a
// developer's machine without Java 21+ rehearses it on PostgreSQL, and CI fails saying what is missing.
const firestoreEmulator = await findFirestoreEmulator();
const firestoreMissing = "reason" in firestoreEmulator ? firestoreEmulator.reason : undefined;
if (firestoreMissing && process.env.CI) throw new Error(`The deploy rehearsal runs the function on the Firestore emulator, which cannot run here:\n${firestoreMissing}`);
const store = firestoreMissing ? "postgres" : "firestore";

// The same folder name Cloud Run's buildpacks use; its parents hold no node_modules.
const temporary = mkdtempSync(join(tmpdir(), "toolshop-deploy-"));
const workspace = join(temporary, "workspace");

// The emulator and the database start while the dependencies install.
let emulatorStarting: Promise<Emulators> | undefined;
let databaseStarting: Promise<FreshDatabase> | undefined;
let emulator: Emulators | undefined;
let database: FreshDatabase | undefined;
let fn: (Running & { url: string }) | undefined;
const summary: string[] = [];

let onPostgres: (Running & { url: string }) | undefined;

afterAll(async () => {
  await fn?.stop();
  await onPostgres?.stop();
  await (await emulatorStarting?.catch(() => undefined))?.stop();
  await (await databaseStarting?.catch(() => undefined))?.close();
  rmSync(temporary, { recursive: true, force: true });
  if (summary.length > 0) console.log(`deploy rehearsal: ${summary.join(", ")}`);
}, 60_000);

let failedStep: string | undefined;

/** The steps build on each other: once one fails, the later ones are skipped rather than failing for it. */
function step(name: string, body: () => Promise<void>) {
  it(name, async ({ skip, onTestFailed }) => {
    if (failedStep) skip(`an earlier step failed: ${failedStep}`);
    onTestFailed(() => {
      failedStep ??= name;
    });
    await body();
  });
}

const api = (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  return fetch(`${fn!.url}${path}`, { ...rest, headers, body: json === undefined ? rest.body : JSON.stringify(json) });
};

/** An account in the rehearsal's Auth emulator, signed in with its password as the web app does. */
async function firebaseIdToken(label: string): Promise<{ email: string; idToken: string }> {
  const email = `${label}-${randomBytes(4).toString("hex")}@toolshop.test`;
  const response = await fetch(`http://${emulator!.authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "secret123", displayName: `${label} tester`, returnSecureToken: true }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return { email, idToken: ((await response.json()) as { idToken: string }).idToken };
}

async function apiToken(label: string): Promise<{ email: string; token: string }> {
  const { email, idToken } = await firebaseIdToken(label);
  const response = await api(`/api/user/${encodeURIComponent(email)}`, { method: "PUT", token: idToken, json: { email } });
  expect(response.status, await response.clone().text()).toBe(200);
  return { email, token: ((await response.json()) as { token: string }).token };
}

async function expectProblem(response: Response, status: number) {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(body).not.toMatch(/\n\s+at |node_modules|\/workspace\//);
  return JSON.parse(body) as { status: number; title: string; errors?: { path: string; message: string }[] };
}

describe("npm run test:deploy: the function as firebase deploy uploads it, started as Cloud Run functions runs it", () => {
  const functionsPackage = JSON.parse(readFileSync(join(root, "functions/package.json"), "utf8")) as {
    engines: { node: string };
  };
  let buyer = { email: "", token: "" };
  let admin = { email: "", token: "" };
  let toolId = "";

  step("when packed with firebase-tools' own packing, then it holds only what the function runs", async () => {
    const packed = await packFunction(root, workspace);
    summary.push(`package ${formatBytes(packed.zipBytes)} zipped (${formatBytes(packed.bytes)}, ${packed.files.length} files)`);

    const problems = inspectPackage(workspace);
    // Tests and sources, then everything else the function never loads: both belong in functions.ignore
    // in firebase.json. Imports of packages missing from `dependencies` would fail at run time.
    expect(problems, "what the upload should not hold, or lacks").toEqual({ testsOrSources: [], notRun: [], undeclaredImports: [] });
    expect(packed.files).toContain("lib/index.js");
  });

  step("when its production dependencies are installed from its package.json alone, then neither dev dependencies nor the embedded database come with them", async () => {
    // Node would also look for packages in a node_modules above the folder, which Cloud Run does not have.
    expect(nodeModulesAbove(workspace)).toBeUndefined();
    emulatorStarting = startEmulators(join(temporary, "emulator"), PROJECT_ID, "env" in firestoreEmulator ? firestoreEmulator.env : undefined);
    databaseStarting = freshDatabase();
    // A failure to start is reported by the step that needs them, not as an unhandled rejection meanwhile.
    emulatorStarting.catch(() => undefined);
    databaseStarting.catch(() => undefined);
    const installed = await installProductionDependencies(workspace);
    const size = folderSize(join(workspace, "node_modules"));
    summary.push(
      `production dependencies ${formatBytes(size.bytes)} (${size.files} files) installed in ${(installed.lockSeconds + installed.installSeconds).toFixed(0)} s (lock ${installed.lockSeconds.toFixed(0)} s, npm ci ${installed.installSeconds.toFixed(0)} s, npm ${installed.npmVersion})`,
    );
    if (installed.skippedScripts.length > 0) summary.push(`install scripts not run: ${installed.skippedScripts.join(", ")}`);

    const embedded = installedPackages(workspace).filter(({ name }) => name.startsWith("@electric-sql/"));
    expect(embedded.map(({ path }) => path), "the embedded database is for npm start and the tests only").toEqual([]);
    expect(packagesOnlyDevNeeds(workspace), "installed although no production dependency needs them").toEqual([]);
  });

  /** Where the function keeps its data: the project's Firestore by default (DATA_STORE unset), or PostgreSQL. */
  const storeEnv = (): Record<string, string> =>
    store === "firestore" ? { FIRESTORE_EMULATOR_HOST: emulator!.firestoreHost! } : { DATA_STORE: "postgres", DATABASE_URL: database!.url };

  step(`when started with the Functions Framework on Node 24 in production on ${store === "firestore" ? "Firestore, the default store" : "PostgreSQL"}, then GET /api/health answers ok`, async () => {
    const runtime = functionsConfig(root).runtime;
    const nodeVersion = execFileSync(process.execPath, ["--version"], { encoding: "utf8" }).trim();
    expect(runtime, "firebase.json functions runtime").toBe(`nodejs${functionsPackage.engines.node}`);
    expect(nodeVersion, "the Node the function runs on here").toMatch(new RegExp(`^v${functionsPackage.engines.node}\\.`));

    [emulator, database] = await Promise.all([emulatorStarting!, databaseStarting!]);
    fn = await startFunction(workspace, {
      projectId: PROJECT_ID,
      region: REGION,
      env: { ...storeEnv(), API_TOKEN_SECRET: randomBytes(32).toString("base64url"), FIREBASE_AUTH_EMULATOR_HOST: emulator.authHost },
    });
    summary.push(`function on Node ${nodeVersion} and ${store === "firestore" ? "the Firestore emulator" : database.kind}`);
    if (firestoreMissing) summary.push(`not on Firestore: ${firestoreMissing.split("\n")[0]}`);

    // The first request starts the app on this instance (and on PostgreSQL migrates the empty database).
    const coldStart = performance.now();
    const response = await api("/api/health");
    expect(response.status, fn.output()).toBe(200);
    summary.push(`first request (cold start) ${Math.round(performance.now() - coldStart)} ms`);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", store });
  });

  step("when a buyer and an admin sign in and the first admin is made with npm run make-admin, then their roles are the API's", async () => {
    buyer = await apiToken("buyer");
    admin = await apiToken("admin");
    // README's first admin: the command a deployer runs from the project, on the same store.
    const made = await run(process.execPath, [join(root, "functions/lib/cli/make-admin.js"), admin.email], {
      cwd: root,
      env: environmentWithoutNpm({ ...storeEnv(), FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulator!.authHost }),
      timeoutMs: 60_000,
    });
    expect(made.output).toContain(`${admin.email} is now an admin.`);
    const asAdmin = await api(`/api/admin/${encodeURIComponent(admin.email)}`, { token: admin.token });
    expect(await asAdmin.json()).toEqual({ admin: true });
    const asBuyer = await api(`/api/admin/${encodeURIComponent(buyer.email)}`, { token: buyer.token });
    expect(await asBuyer.json()).toEqual({ admin: false });
    await expectProblem(await api(`/api/user/${encodeURIComponent(buyer.email)}`, { method: "PUT", token: "not-a-token", json: { email: buyer.email } }), 401);
  });

  step("when the admin adds a tool, then the catalog lists it", async () => {
    const tool = { name: "Rehearsal drill", price: 12.5, description: "A drill for the deploy rehearsal.", moq: 2, aq: 10, img: "/images/drill.png" };
    const created = await api("/api/tools", { method: "POST", token: admin.token, json: tool });
    expect(created.status, await created.clone().text()).toBe(201);
    toolId = ((await created.json()) as { insertedId: string }).insertedId;

    const catalog = await api("/api/tools");
    expect(catalog.status).toBe(200);
    expect(await catalog.json()).toEqual([{ _id: toolId, ...tool }]);
    expect(await (await api(`/api/tools/${toolId}`)).json()).toMatchObject({ _id: toolId, aq: 10 });
    expect(await storedToolNames(), `the tool is in ${store === "firestore" ? "Firestore" : "PostgreSQL"}`).toEqual([tool.name]);
  });

  step("when the buyer places an order and cancels it, then its units leave the stock and come back", async () => {
    const placed = await api("/api/orders", {
      method: "POST",
      token: buyer.token,
      json: { toolId, quantityAmount: 3, userPhone: "+1 555 0100", userAddress: "1 Main Street" },
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const order = (await placed.json()) as { _id: string; userEmail: string; toolPrice: number; quantityAmount: number; paid: boolean };
    expect(order).toMatchObject({ userEmail: buyer.email, quantityAmount: 3, paid: false });
    expect(await (await api(`/api/tools/${toolId}`)).json()).toMatchObject({ aq: 7 });
    expect(await (await api(`/api/orders?userEmail=${encodeURIComponent(buyer.email)}`, { token: buyer.token })).json()).toMatchObject([{ _id: order._id }]);

    const cancelled = await api(`/api/orders/${order._id}`, { method: "DELETE", token: buyer.token });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await cancelled.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await (await api(`/api/tools/${toolId}`)).json()).toMatchObject({ aq: 10 });
    await expectProblem(await api(`/api/orders/${order._id}`, { token: buyer.token }), 404);
  });

  step("when a body fails its schema, then the answer is a 400 problem+json naming the field", async () => {
    const problem = await expectProblem(
      await api("/api/orders", { method: "POST", token: buyer.token, json: { toolId, quantityAmount: "lots", userPhone: "+1 555 0100", userAddress: "1 Main Street" } }),
      400,
    );
    expect(problem.status).toBe(400);
    expect(problem.errors?.map(({ path }) => path)).toContain("body/quantityAmount");
    // Unknown fields are rejected, not stored.
    await expectProblem(await api("/api/tools", { method: "POST", token: admin.token, json: { name: "x", owner: "me" } }), 400);
  });

  // The Functions Framework parses JSON bodies before the function runs, and answers one that does not
  // parse itself, with Express's plain "Bad Request" page; so does the Functions emulator of npm start.
  step("when a body is not JSON at all, then the answer is a 400 without a stack trace", async () => {
    const response = await api("/api/orders", { method: "POST", token: buyer.token, headers: { "content-type": "application/json" }, body: "{" });
    const body = await response.text();
    expect(response.status, body).toBe(400);
    expect(body).not.toMatch(/\n\s+at |node_modules|\/workspace\//);
  });

  // Where the rehearsal above ran on Firestore, PostgreSQL, the second store, is started once too.
  if (store === "firestore") step("when the same package is started with DATA_STORE=postgres on an empty database, then it migrates it and answers ok", async () => {
    onPostgres = await startFunction(workspace, {
      projectId: PROJECT_ID,
      region: REGION,
      env: { DATA_STORE: "postgres", DATABASE_URL: database!.url, API_TOKEN_SECRET: randomBytes(32).toString("base64url"), FIREBASE_AUTH_EMULATOR_HOST: emulator!.authHost },
    });
    const response = await fetch(`${onPostgres.url}/api/health`);
    expect(response.status, onPostgres.output()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", store: "postgres" });
    expect(await postgresTables()).toEqual(expect.arrayContaining(["tools", "users", "orders"]));
    expect(await (await fetch(`${onPostgres.url}/api/tools`)).json(), "the two stores share nothing").toEqual([]);
    summary.push(`also started on ${database!.kind}`);
  });
});

/** The names of the tools in the function's store, read there directly rather than through the API. */
async function storedToolNames(): Promise<string[]> {
  if (store === "postgres") {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      return (await client.query<{ name: string }>("select name from tools")).rows.map(({ name }) => name);
    } finally {
      await client.end();
    }
  }
  // The emulator's REST API; "Bearer owner" reads past the rules, as the Admin SDK does.
  const response = await fetch(`http://${emulator!.firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/tools`, {
    headers: { authorization: "Bearer owner" },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { documents = [] } = (await response.json()) as { documents?: { fields: { name?: { stringValue: string } } }[] };
  return documents.map(({ fields }) => fields.name?.stringValue ?? "");
}

async function postgresTables(): Promise<string[]> {
  const client = new pg.Client({ connectionString: database!.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public'");
    return rows.map(({ name }) => name);
  } finally {
    await client.end();
  }
}
