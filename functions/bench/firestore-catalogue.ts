import { fileURLToPath } from "node:url";
import type autocannon from "autocannon";
import { connectFirestore } from "../src/firestore/client.js";
import { seedDemoShop } from "../src/stores/demo-shop.js";
import { firestoreStores } from "../src/stores/firestore.js";
import type { Stores } from "../src/stores/postgres.js";
import { type Basket, basketStockInFirestore, type StockCheck } from "./cart-checkout.js";
import { startBenchEmulator } from "./firestore-emulator.js";
import { seedLargeFirestoreCatalogue } from "./large-catalogue-firestore.js";
import { LARGE_CATALOGUE_SIZE } from "./large-catalogue.js";
import { type Child, freePort, startNode, waitForHttp } from "./processes.js";
import { watchMemory } from "./whole-lists.js";

/**
 * The catalogue's scenarios on Firestore, beside PostgreSQL's (docs/decisions/0026, "Search at
 * 100,000 tools"): on an emulator of the run's own, through an API server whose Firestore client
 * counts the documents it reads (count-reads.mjs). The emulator keeps its data in memory and scans
 * a collection for every query, where Firestore reads an index: at 100,000 tools one query takes it
 * seconds. Its times say little of Firestore's; the documents read are what Firestore would bill,
 * and the server's CPU time is what the shop's own code costs.
 */
const PROJECT_ID = "demo-bench-firestore";
/** Requests made one at a time on the large catalogue, for each scenario. */
const PROBES = Number(process.env.BENCH_PROBES ?? 20);
/**
 * The API server's heap is bounded as the function's is: Node sizes its heap from the container's
 * memory, half of it (259 MB in a 512 MiB cgroup, the function's memory in config/function-options.ts).
 * On a machine with memory to spare the heap would grow far past what is kept, and collect less.
 * BENCH_HEAP_MB=512 measures an instance of 1 GiB.
 */
const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 259);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where a scenario is asked: the API server, the one tool it orders, and the cart and checkout's tools and buyers. */
export interface Target {
  api: string;
  toolId: string;
  basket: Basket;
}

export interface FirestoreScenario {
  name: string;
  options: (target: Target) => autocannon.Options;
  /** Asked one request at a time once the 100,000 tools are there, rather than by autocannon's crowd. */
  largeCatalogue: boolean;
  /** Done once before the scenario is measured (a cart filled). */
  before?: (target: Target) => Promise<void>;
}

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Firestore documents read per request answered (count-reads.mjs), in the measured seconds. */
  readsPerRequest?: number;
}

export type Measure = (options: autocannon.Options, reads?: () => Promise<number>) => Promise<Measured>;

/** A scenario asked by autocannon's connections, as PostgreSQL's are. */
export interface FirestoreRow extends Measured {
  scenario: string;
  ratio: number;
}

/** A scenario asked one request at a time: each one's time, the server's CPU time for it, and the tools it read. */
export interface Probe {
  scenario: string;
  requests: number;
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
  readsMean: number;
  readsMax: number;
  non2xx: number;
}

export interface ColdStart {
  /** Tools read by an instance's first search: every tool once, then the page. */
  reads: number;
  ms: number;
  /** The server's CPU time for it: building the index. */
  cpuMs: number;
  status: number;
  /** The server's heap after a full collection, before and after: what the index keeps. */
  heapBeforeMb: number;
  heapAfterMb: number;
  /** The server's resident memory at its highest during the search, and after it. */
  rssPeakMb: number;
  rssAfterMb: number;
}

export interface FirestoreResults {
  rows: FirestoreRow[];
  seedSeconds?: number;
  hammers?: number;
  coldStart?: ColdStart;
  probes: Probe[];
  /** Whether the basket's tools' stock still accounts for every order the checkouts placed. */
  basketStock?: StockCheck;
}

interface Usage {
  /** Documents of `tools` read so far (and the queries of it that found none). */
  toolReads: number;
  cpuMs: number;
}

interface ApiServer {
  url: string;
  child: Child;
  usage(): Promise<Usage>;
  memory(): Promise<{ heapUsedMb: number; rssMb: number }>;
}

async function startApi(emulatorHost: string, env: NodeJS.ProcessEnv): Promise<ApiServer> {
  const [port, readsPort] = [await freePort(), await freePort()];
  const child = await startNode(
    here("../lib/server.js"),
    {
      ...env,
      DATA_STORE: "firestore",
      FIRESTORE_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      GCLOUD_PROJECT: PROJECT_ID,
      PORT: String(port),
      BENCH_READS_PORT: String(readsPort),
      // The scheduled jobs run once at start, then not again during the run: what is counted is the requests'.
      JOBS_INTERVAL_SECONDS: "86400",
    },
    undefined,
    [`--max-old-space-size=${HEAP_MB}`, "--expose-gc", "--import", new URL("./count-reads.mjs", import.meta.url).href],
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`);
  } catch (error) {
    await child.stop();
    throw error;
  }
  const counter = `http://127.0.0.1:${readsPort}`;
  return {
    url,
    child,
    async usage() {
      const { reads, cpuMs } = (await (await fetch(`${counter}/reads`)).json()) as { reads: Record<string, number>; cpuMs: number };
      return { toolReads: reads.tools ?? 0, cpuMs };
    },
    memory: async () => (await (await fetch(`${counter}/memory`)).json()) as { heapUsedMb: number; rssMb: number },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ascending = (values: number[]) => [...values].sort((a, b) => a - b);

/** The path a scenario's next request asks for. */
function pathOf(options: autocannon.Options): string {
  const setup = options.requests?.[0]?.setupRequest;
  if (setup) return setup({ path: "/" }).path;
  const url = new URL(options.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Asks the paths `next` gives one at a time, each after the one before has answered; `next` is
 * told the cursor of the page before (its `next`), or null.
 */
async function probe(api: ApiServer, scenario: string, next: (cursor: string | null, i: number) => string): Promise<Probe> {
  const times: number[] = [];
  const cpu: number[] = [];
  const reads: number[] = [];
  let non2xx = 0;
  let cursor: string | null = null;
  for (let i = 0; i < PROBES; i++) {
    const before = await api.usage();
    const startedAt = performance.now();
    const response = await fetch(`${api.url}${next(cursor, i)}`);
    const body = (await response.json()) as { next?: string | null };
    times.push(performance.now() - startedAt);
    const after = await api.usage();
    cpu.push(after.cpuMs - before.cpuMs);
    reads.push(after.toolReads - before.toolReads);
    if (!response.ok) non2xx++;
    cursor = body.next ?? null;
  }
  const [sortedTimes, sortedCpu] = [ascending(times), ascending(cpu)];
  return {
    scenario,
    requests: times.length,
    p50: percentile(sortedTimes, 50),
    p99: percentile(sortedTimes, 99),
    cpuP50: percentile(sortedCpu, 50),
    cpuP99: percentile(sortedCpu, 99),
    readsMean: reads.reduce((sum, n) => sum + n, 0) / Math.max(1, reads.length),
    readsMax: Math.max(0, ...reads),
    non2xx,
  };
}

/** Pages without a search, as a shopper walks them: a first page by price, then the four after it, and again. */
const walkingPages = (cursor: string | null, i: number) =>
  `/api/catalogue?sort=price&limit=24${cursor === null || i % 5 === 0 ? "" : `&after=${encodeURIComponent(cursor)}`}`;

/**
 * Runs `scenarios` on Firestore: on the small catalogue (the demo shop, one tool to order, and the
 * five tools and two buyers `seedBasket` adds for the cart and the checkout) with autocannon as
 * PostgreSQL's are; then, when any is `largeCatalogue`, 100,000 more tools, a new API server (an
 * instance's cold start), and each large scenario asked one request at a time, with pages walked by
 * cursor. Answers the reason instead where the emulator cannot run on this machine.
 */
export async function benchFirestore(
  scenarios: FirestoreScenario[],
  {
    measure,
    ceilingRequestsPerSecond,
    env,
    toolStock,
    seedBasket,
  }: { measure: Measure; ceilingRequestsPerSecond: number; env: NodeJS.ProcessEnv; toolStock: number; seedBasket: (stores: Stores) => Promise<Basket> },
): Promise<FirestoreResults | { reason: string }> {
  const emulator = await startBenchEmulator(PROJECT_ID);
  if ("reason" in emulator) return emulator;
  // This process seeds the emulator through the shop's own stores.
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const handle = connectFirestore({ projectId: PROJECT_ID });
  let api: ApiServer | null = null;
  try {
    const stores = firestoreStores(handle.db);
    await seedDemoShop(stores);
    const tool = await stores.change(({ tx }) =>
      stores.tools.insertTool(tx, { name: "Bench Socket", img: "/images/tools/socket-set.svg", unitPriceCents: 1999, description: "Stock for the order scenario.", minOrderQuantity: 1, stock: toolStock }),
    );
    const basket = await seedBasket(stores);
    api = await startApi(emulator.host, env);
    const target = { api: api.url, toolId: tool.id, basket };
    const results: FirestoreResults = { rows: [], probes: [] };
    const toolReads = async () => (await api!.usage()).toolReads;
    for (const scenario of scenarios.filter((s) => !s.largeCatalogue)) {
      console.log(`measuring ${scenario.name} on Firestore…`);
      await scenario.before?.(target);
      const measured = await measure(scenario.options(target), toolReads);
      results.rows.push({ scenario: scenario.name, ...measured, ratio: measured.requestsPerSecond / ceilingRequestsPerSecond });
    }
    results.basketStock = await basketStockInFirestore(handle.db, basket, toolStock);

    const large = scenarios.filter((s) => s.largeCatalogue);
    if (large.length === 0) return results;
    console.log(`seeding ${LARGE_CATALOGUE_SIZE.toLocaleString("en")} tools in the Firestore emulator…`);
    const seedingAt = performance.now();
    results.hammers = (await seedLargeFirestoreCatalogue(handle.db, LARGE_CATALOGUE_SIZE)).hammers;
    results.seedSeconds = (performance.now() - seedingAt) / 1000;

    // A new instance, whose index is read on its first search.
    await api.child.stop();
    api = await startApi(emulator.host, env);
    console.log("measuring an instance's first search on Firestore…");
    const heapBefore = await api.memory();
    const before = await api.usage();
    const memory = watchMemory(api.child.process.pid!);
    const startedAt = performance.now();
    const first = await fetch(`${api.url}/api/catalogue?q=hamer`);
    await first.arrayBuffer();
    const ms = performance.now() - startedAt;
    const rssPeakMb = memory.stop();
    const after = await api.usage();
    const heapAfter = await api.memory();
    results.coldStart = {
      reads: after.toolReads - before.toolReads,
      ms,
      cpuMs: after.cpuMs - before.cpuMs,
      status: first.status,
      heapBeforeMb: heapBefore.heapUsedMb,
      heapAfterMb: heapAfter.heapUsedMb,
      rssPeakMb,
      rssAfterMb: heapAfter.rssMb,
    };

    const largeTarget = { api: api.url, toolId: tool.id, basket };
    for (const scenario of large) {
      console.log(`asking ${scenario.name} ${PROBES} times, one at a time, on Firestore…`);
      results.probes.push(await probe(api, scenario.name, () => pathOf(scenario.options(largeTarget))));
    }
    console.log(`walking pages without a search ${PROBES} times, one at a time, on Firestore…`);
    results.probes.push(await probe(api, "pages walked GET /api/catalogue?sort=price&limit=24&after=…", walkingPages));
    return results;
  } finally {
    await api?.child.stop();
    await handle.close();
    await emulator.stop();
  }
}

interface PostgresRow {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio: number;
}

function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));
const reads = (n: number) => String(Number(n.toPrecision(3)));

export function printFirestore(results: FirestoreResults, postgres: Map<string, PostgresRow>) {
  const pg = (scenario: string) => {
    const row = postgres.get(scenario);
    return row ? [row.requestsPerSecond.toFixed(0), `${row.p50}/${row.p99}`, row.ratio.toFixed(3)] : ["-", "-", "-"];
  };
  console.log("On the small catalogue, both stores under autocannon's connections:");
  printTable(
    ["scenario", "PG req/s", "PG p50/p99 ms", "PG ratio", "FS req/s", "FS p50/p99 ms", "FS ratio", "FS reads/req", "FS errors+non-2xx"],
    results.rows.map((row) => [
      row.scenario,
      ...pg(row.scenario),
      row.requestsPerSecond.toFixed(0),
      `${row.p50}/${row.p99}`,
      row.ratio.toFixed(3),
      row.readsPerRequest === undefined ? "-" : reads(row.readsPerRequest),
      String(row.errors + row.non2xx),
    ]),
  );
  if (results.seedSeconds !== undefined) {
    console.log(
      `\nOn ${LARGE_CATALOGUE_SIZE.toLocaleString("en")} more tools (on Firestore seeded in ${results.seedSeconds.toFixed(1)} s; "hamer" finds ${results.hammers?.toLocaleString("en")}): ` +
        "PostgreSQL under autocannon's connections, Firestore one request at a time:",
    );
  }
  const cold = results.coldStart;
  if (cold) {
    console.log(
      `Firestore, an instance's first search: ${cold.reads.toLocaleString("en")} tools read, ${(cold.ms / 1000).toFixed(1)} s (the server's CPU ${(cold.cpuMs / 1000).toFixed(1)} s; ` +
        `status ${cold.status}), heap ${cold.heapBeforeMb.toFixed(0)} → ${cold.heapAfterMb.toFixed(0)} MB (the index ${(cold.heapAfterMb - cold.heapBeforeMb).toFixed(0)} MB; ` +
        `the heap bounded to ${HEAP_MB} MB), RSS at most ${cold.rssPeakMb.toFixed(0)} MB, then ${cold.rssAfterMb.toFixed(0)} MB`,
    );
  }
  if (results.probes.length > 0) {
    printTable(
      ["scenario", "PG req/s", "PG p50/p99 ms", "PG ratio", "FS requests", "FS p50/p99 ms", "FS CPU p50/p99 ms", "FS reads/req (max)", "FS non-2xx"],
      results.probes.map((p) => [
        p.scenario,
        ...pg(p.scenario),
        String(p.requests),
        `${ms(p.p50)}/${ms(p.p99)}`,
        `${ms(p.cpuP50)}/${ms(p.cpuP99)}`,
        `${reads(p.readsMean)} (${p.readsMax})`,
        String(p.non2xx),
      ]),
    );
  }
  console.log(
    "FS: the Firestore emulator, which scans a collection for every query where Firestore reads an index (seconds a query at 100,000 tools):\n" +
      "its times say little of Firestore's. Reads are documents of `tools` as Firestore bills them (a query that finds none counts one);\n" +
      "CPU is the API server's own time for the request (its code, and the client's decoding); pages are kept for half a second.",
  );
}
