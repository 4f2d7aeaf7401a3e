import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

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

export interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a Node script; with `ready`, waits until a line of its output passes it. */
export function startNode(
  script: string,
  env: NodeJS.ProcessEnv,
  ready?: (line: string) => boolean,
  nodeArgs: string[] = [],
): Promise<Child & { line: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = ready ? output.split("\n").find((l) => ready(l)) : "";
      if (line !== undefined) {
        child.stdout!.off("data", onData);
        resolve({ process: child, line: line.trim(), stop });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
    if (!ready) resolve({ process: child, line: "", stop });
  });
}

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}
