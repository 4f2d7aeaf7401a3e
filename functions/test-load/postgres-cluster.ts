import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../test/support/faults-processes.js";

const run = promisify(execFile);

/** How pg_ctl stops the server: `fast` rolls back open transactions; `immediate` is a crash, recovered from the WAL on start. */
export type StopMode = "fast" | "immediate";

/** PG_BIN, or the newest PostgreSQL of Debian's layout (/usr/lib/postgresql/<version>/bin). */
function serverBinaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  return join(root, versions[0] ?? "15", "bin");
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, that the test may
 * stop and start at will: the machine's own cluster is shared with other suites and must stay up.
 * PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user.
 */
export class ThrowawayCluster {
  private running = false;

  private constructor(
    private readonly bin: string,
    private readonly folder: string,
    private readonly asUser: string[],
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.folder, "data");
  }

  static async create(): Promise<ThrowawayCluster> {
    const bin = serverBinaries();
    const missing = ["initdb", "pg_ctl"].filter((tool) => !existsSync(join(bin, tool)));
    if (missing.length > 0) {
      throw new Error(
        `The database outage test needs PostgreSQL's server programs (${missing.join(", ")}) in ${bin}. ` +
          "Install them (apt-get install postgresql) or point PG_BIN at the folder that holds them.",
      );
    }
    const root = process.getuid?.() === 0;
    if (root && !existsSync("/usr/sbin/runuser") && !existsSync("/usr/bin/runuser")) {
      throw new Error("Run as root, the database outage test needs runuser to start PostgreSQL as the postgres user.");
    }
    const folder = mkdtempSync(join(tmpdir(), "toolshop-outage-pg-"));
    if (root) {
      const { stdout } = await run("id", ["-u", "postgres"]).catch(() => {
        throw new Error("Run as root, the database outage test needs a `postgres` user to own its throwaway cluster.");
      });
      const { stdout: gid } = await run("id", ["-g", "postgres"]);
      chownSync(folder, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new ThrowawayCluster(bin, folder, root ? ["runuser", "-u", "postgres", "--"] : [], await freePort());
    await cluster.pg("initdb", ["-D", cluster.dataDir, "--auth=trust", "--username=postgres", "--no-sync"]);
    return cluster;
  }

  private async pg(tool: string, args: string[]): Promise<void> {
    const [command, ...prefix] = [...this.asUser, join(this.bin, tool)];
    try {
      await run(command!, [...prefix, ...args], { timeout: 60_000 });
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`${tool} ${args.join(" ")} failed: ${stderr || String(error)}\n${this.log()}`);
    }
  }

  private log(): string {
    const file = join(this.folder, "server.log");
    return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-20).join("\n") : "";
  }

  /** Returns once the server accepts connections. */
  async start(): Promise<void> {
    // Only the loopback address and a socket in the test's folder: nothing of the machine's cluster is touched.
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1`;
    await this.pg("pg_ctl", ["-D", this.dataDir, "-l", join(this.folder, "server.log"), "-o", options, "-w", "start"]);
    this.running = true;
  }

  /** Returns once the server is down. */
  async stop(mode: StopMode): Promise<void> {
    await this.pg("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "stop"]);
    this.running = false;
  }

  async destroy(): Promise<void> {
    if (this.running) await this.stop("immediate").catch(() => undefined);
    rmSync(this.folder, { recursive: true, force: true });
  }
}
