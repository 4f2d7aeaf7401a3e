import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/**
 * The API as a process of its own, for the fault tests: a process can be killed, and it keeps
 * serving while the database behind it goes away and comes back.
 */

const functionsDir = fileURLToPath(new URL("../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiServerOptions {
  databaseUrl: string;
  tokenSecret: string;
  /**
   * `built` runs lib/server.js as deployed (after `npm run build`); `source` runs src/server.ts
   * through tsx, so the quick suite needs no build.
   */
  from: "built" | "source";
  env?: Record<string, string>;
}

export interface ApiServer {
  /** The server's address, without /api. */
  url: string;
  process: ChildProcess;
  /** What the server printed, for a failure message. */
  output(): string;
  /** Kills without warning: no shutdown hook runs, open connections just drop. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startApiServer({ databaseUrl, tokenSecret, from, env = {} }: ApiServerOptions): Promise<ApiServer> {
  const port = await freePort();
  const entry = from === "built" ? ["lib/server.js"] : ["--import", "tsx", "src/server.ts"];
  const child = spawn(process.execPath, entry, {
    cwd: functionsDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DATA_STORE: "postgres",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      API_TOKEN_SECRET: tokenSecret,
      LOG_LEVEL: "silent",
      FIREBASE_PROJECT_ID: "demo-toolshop-faults",
      // The fault tests place many orders from few buyers, and leave them unpaid.
      RATE_LIMIT_ORDERS_PER_MINUTE: "0",
      MAX_UNPAID_ORDERS: "0",
      ...env,
    },
  });
  let printed = "";
  child.stdout!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  const server: ApiServer = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => printed,
    kill: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
  };
  try {
    await waitUntilHealthy(server, exited);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

async function waitUntilHealthy(server: ApiServer, exited: Promise<void>, timeoutMs = 60_000): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gone) {
    const healthy = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API server did not come up${gone ? " (it exited)" : ""}:\n${server.output()}`);
}
