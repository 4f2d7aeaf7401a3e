import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../test/support/faults-processes.js";

const embeddedCli = fileURLToPath(new URL("../lib/cli/embedded-postgres.js", import.meta.url));

/**
 * The embedded database as `npm start` runs it: PGlite in a process of its own, its data in a
 * folder, served on a fixed port. Stopping the process and starting another on the same folder
 * and port is the embedded database going away and coming back.
 */
export class EmbeddedDatabaseProcess {
  private child: ChildProcess | null = null;

  private constructor(
    private readonly folder: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/postgres?sslmode=disable`;
  }

  static async create(): Promise<EmbeddedDatabaseProcess> {
    return new EmbeddedDatabaseProcess(mkdtempSync(join(tmpdir(), "toolshop-outage-pglite-")), await freePort());
  }

  /** Returns once the database prints its address, which it does when it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, [embeddedCli], {
      env: { ...process.env, PGLITE_DATA_DIR: this.folder, PGLITE_PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let printed = "";
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        printed += chunk.toString();
        if (printed.includes("postgres://")) resolve();
      });
      child.stderr!.on("data", (chunk: Buffer) => (printed += chunk.toString()));
      child.once("exit", (code) => reject(new Error(`the embedded database exited with ${code}:\n${printed}`)));
    });
  }

  /** SIGTERM lets it close its data folder, as Ctrl-C on `npm start` does. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
