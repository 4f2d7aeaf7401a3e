import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "./processes.js";

const require = createRequire(import.meta.url);

/** What scripts/firestore-emulator.mjs finds: how to run the emulator here, or why it cannot run. */
type Found = { env: Record<string, string>; reason?: undefined } | { reason: string };

export interface BenchEmulator {
  /** host:port, for FIRESTORE_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

/**
 * The Firestore emulator of this run alone: found as the tests find it (Java 21+ and the emulator's
 * jar), on free ports, with a firebase.json of its own in a temporary folder, so it neither needs nor
 * disturbs the emulators of `npm start` and of the tests; the reason instead where it cannot run.
 */
export async function startBenchEmulator(projectId: string): Promise<BenchEmulator | { reason: string }> {
  const script = pathToFileURL(join(import.meta.dirname, "..", "..", "scripts", "firestore-emulator.mjs")).href;
  const { findFirestoreEmulator } = (await import(script)) as { findFirestoreEmulator(): Promise<Found> };
  const found = await findFirestoreEmulator();
  if (found.reason !== undefined) return { reason: found.reason };

  const [port, websocketPort, hub, logging] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const folder = mkdtempSync(join(tmpdir(), "toolshop-bench-firestore-"));
  const config = join(folder, "firebase.json");
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        firestore: { host: "127.0.0.1", port, websocketPort },
        hub: { host: "127.0.0.1", port: hub },
        logging: { host: "127.0.0.1", port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const firebase = require.resolve("firebase-tools/lib/bin/firebase.js");
  const child = spawn(process.execPath, [firebase, "--config", config, "emulators:start", "--only", "firestore", "--project", projectId], {
    cwd: folder,
    env: { ...process.env, ...found.env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping it stops the Java process firebase-tools started.
    detached: true,
  });
  const stop = () =>
    new Promise<void>((done) => {
      const finish = () => {
        rmSync(folder, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null || child.signalCode !== null) return finish();
      child.once("exit", finish);
      process.kill(-child.pid!, "SIGTERM");
    });
  let output = "";
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The Firestore emulator did not start in 120 s:\n${output}`)), 120_000);
    // Read to the end, so a full pipe never stalls it; kept only until it is ready.
    const onData = (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (output.includes("All emulators ready")) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The Firestore emulator exited with ${code}:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { host: `127.0.0.1:${port}`, projectId, stop };
}
