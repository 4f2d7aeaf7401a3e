import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../support/auth-emulator.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { freePort } from "../support/faults-processes.js";

const functionsDir = fileURLToPath(new URL("../..", import.meta.url));
const SECRET = "a-production-secret-of-at-least-32-characters";

/**
 * The plain server as a deployment outside a demo project starts it: the environment of the test
 * run (which names the Auth emulator and a demo project) with the deployment's own settings on top.
 */
function runServer(env: Record<string, string | undefined>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const inherited: NodeJS.ProcessEnv = { ...process.env, GCLOUD_PROJECT: undefined, LOG_LEVEL: "warn" };
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: functionsDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...inherited, ...env },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe("a plain server for a project that is not a demo project", () => {
  it.each([["production"], ["development"]])(
    "when NODE_ENV is %s and API_TOKEN_SECRET is missing, then it exits at once and says what to set",
    async (nodeEnv) => {
      const server = runServer({ NODE_ENV: nodeEnv, FIREBASE_PROJECT_ID: "toolshop-prod", API_TOKEN_SECRET: undefined, PORT: "0" });
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/API_TOKEN_SECRET must be set to a random value of at least 32 characters for project toolshop-prod/);
      expect(server.output()).not.toMatch(/\n\s+at /);
    },
  );

  it("when API_TOKEN_SECRET is too short, then it exits and says how long it must be", async () => {
    const server = runServer({ FIREBASE_PROJECT_ID: "toolshop-prod", API_TOKEN_SECRET: "too-short", PORT: "0" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/API_TOKEN_SECRET: must be at least 32 characters/);
  });

  describe("when it has its secret and the environment names the Auth emulator", () => {
    let database: TestDatabase;
    let server: ReturnType<typeof runServer>;
    let baseUrl = "";

    beforeAll(async () => {
      database = await createTestDatabase();
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = runServer({ FIREBASE_PROJECT_ID: "toolshop-prod", API_TOKEN_SECRET: SECRET, DATA_STORE: "postgres", DATABASE_URL: database.url, PORT: String(port) });
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && server.child.exitCode === null) {
        const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
        if (health?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`the server did not start:\n${server.output()}`);
    });

    afterAll(async () => {
      server?.child.kill("SIGTERM");
      await server?.exited;
      await database?.close();
    });

    it("then it ignores the emulator: an ID token the emulator signed does not sign anyone in", async () => {
      const account = await createAccount("prod");
      const response = await fetch(`${baseUrl}/api/user/${encodeURIComponent(account.email)}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${account.idToken}`, "content-type": "application/json" },
        body: JSON.stringify({ email: account.email }),
      });
      expect(response.status).toBe(401);
      // Every emulator the environment names is listed, Firestore's too where the tests run on it.
      expect(server.output()).toMatch(/Ignored [A-Z_, ]*FIREBASE_AUTH_EMULATOR_HOST/);
    });

    it("then the payment sandbox is off: its confirm call does not exist", async () => {
      const response = await fetch(`${baseUrl}/api/sandbox/payment-intents/pi_x/confirm`, { method: "POST" });
      expect(response.status).toBe(404);
    });
  });
});
