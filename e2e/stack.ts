import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export const SHOP = "http://localhost:5000";
export const AUTH_EMULATOR = "http://127.0.0.1:9099";

export interface RunningStack {
  process: ChildProcess;
  output(): string;
  /** Sends Ctrl-C and resolves with the exit code once every process has stopped. */
  stop(): Promise<number | null>;
}

/**
 * Runs `node scripts/start.mjs` (what `npm start` runs after building) on a data folder of the test's own,
 * with `env` added to the environment it inherits.
 */
export async function startStack(dataDir: string, env: Record<string, string> = {}): Promise<RunningStack> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, ...env, TOOLSHOP_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes("Toolshop is running at")) {
        clearInterval(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm start exited early:\n${output}`));
      }
    }, 250);
  });

  return {
    process: child,
    output: () => output,
    stop() {
      if (child.exitCode === null) child.kill("SIGINT");
      return exited;
    },
  };
}

export async function signIn(email: string, password: string): Promise<string> {
  const response = await fetch(`${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const idToken = ((await response.json()) as { idToken: string }).idToken;
  const exchange = await fetch(`${SHOP}/api/user/${encodeURIComponent(email)}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (!exchange.ok) throw new Error(`token exchange failed: ${exchange.status} ${await exchange.text()}`);
  return ((await exchange.json()) as { token: string }).token;
}

export async function isListening(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}
