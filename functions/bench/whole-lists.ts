import { readFileSync } from "node:fs";
import { request } from "node:http";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";

/**
 * The contract's whole-list calls (docs/product.md §8.2) on the large catalogue and the large shop
 * (issue 20): what one call costs (time, bytes, the server's memory) and whether the server still
 * answers /api/health in time while visitors ask for the list again and again.
 */
export interface WholeListScenario {
  name: string;
  path: string;
  /** Only admins may call it. */
  admin: boolean;
  /** Which large set it is measured on. */
  on: "catalogue" | "shop";
  /** What the list holds there, for the report. */
  size: string;
}

export const WHOLE_LIST_SCENARIOS: WholeListScenario[] = [
  { name: "whole list GET /api/tools", path: "/api/tools", admin: false, on: "catalogue", size: "100,000 tools" },
  { name: "whole list GET /api/allOrders", path: "/api/allOrders", admin: true, on: "shop", size: "1,000,000 orders" },
  { name: "whole list GET /api/users", path: "/api/users", admin: true, on: "shop", size: "100,000 users" },
  { name: "whole list GET /api/wishes", path: "/api/wishes", admin: true, on: "shop", size: "100,000 wishes" },
];

/** The bound of issue 20: no health answer slower than this while a whole list is asked for. */
const HEALTH_BOUND_MS = 100;
/** What the deployed function has (`memory: "512MiB"`). */
const FUNCTION_MEMORY_MB = 512;
/** The "eight visitors polling it". */
const LOAD_CONNECTIONS = 8;
const CALLS = 20;

export interface WholeListRow {
  scenario: string;
  size: string;
  status: number;
  /** One call at a time, nothing else running: the median and the slowest. */
  msPerCall: number;
  msSlowest: number;
  bytes: number;
  /** The same answer as a browser gets it (br). */
  compressedBytes: number;
  /** The API server's resident memory before the calls, and its peak during them and during the load. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The list asked for by LOAD_CONNECTIONS callers at once for the run's duration. */
  requestsPerSecond: number;
  ratio: number;
  healthP99: number;
  healthMax: number;
  met: boolean;
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - startedAt }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The process's resident memory in MB, from /proc (Linux); 0 where there is none. */
export function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's memory every 5 ms until stopped; says the peak. */
export function watchMemory(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The poller's thread: asks `url` every 10 ms until told to stop, then hands back each answer's time in ms. */
const HEALTH_POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
const http = require("node:http");
const times = [];
let polling = true;
parentPort.on("message", () => { polling = false; });
const once = () => new Promise((resolve) => {
  const started = performance.now();
  http.get(workerData.url, (response) => { response.resume(); response.on("end", () => resolve(performance.now() - started)); })
    .on("error", () => resolve(Number.POSITIVE_INFINITY));
});
(async () => {
  while (polling) {
    times.push(await once());
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(times);
})();
`;

function pollHealth(url: string): { stop: () => Promise<number[]> } {
  const worker = new Worker(HEALTH_POLLER, { eval: true, workerData: { url } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once("message", (times: number[]) => resolve(times));
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const times = await done;
      await worker.terminate();
      return times;
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function measureWholeList(
  scenario: WholeListScenario,
  { api, serverPid, adminHeaders, ceilingRequestsPerSecond, durationSeconds }: {
    api: string;
    serverPid: number;
    adminHeaders: Record<string, string>;
    ceilingRequestsPerSecond: number;
    durationSeconds: number;
  },
): Promise<WholeListRow> {
  const url = `${api}${scenario.path}`;
  const headers = scenario.admin ? adminHeaders : {};
  const rssBeforeMb = rssMb(serverPid);
  const memory = watchMemory(serverPid);

  // One call at a time, as the one admin or visitor it is for.
  const first = await get(url, { ...headers, "accept-encoding": "identity" });
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) times.push((await get(url, { ...headers, "accept-encoding": "identity" })).ms);
  const compressed = await get(url, { ...headers, "accept-encoding": "br, gzip" });
  times.sort((a, b) => a - b);

  // Then many at once, with /api/health asked every 10 ms meanwhile. The poller runs on a thread of
  // its own: on this one, autocannon keeps the event loop busy and a health answer would wait for it.
  const poller = pollHealth(`${api}/api/health`);
  const load = await autocannon({ url, headers: { ...headers, "accept-encoding": "br, gzip" }, connections: LOAD_CONNECTIONS, duration: durationSeconds });
  const health = await poller.stop();
  const rssPeakMb = memory.stop();
  health.sort((a, b) => a - b);

  const healthMax = health.at(-1) ?? 0;
  return {
    scenario: scenario.name,
    size: scenario.size,
    status: first.status,
    msPerCall: percentile(times, 50),
    msSlowest: times.at(-1) ?? 0,
    bytes: first.bytes,
    compressedBytes: compressed.bytes,
    rssBeforeMb,
    rssPeakMb,
    requestsPerSecond: load.requests.average,
    ratio: load.requests.average / ceilingRequestsPerSecond,
    healthP99: percentile(health, 99),
    healthMax,
    met: load.errors + load.timeouts === 0 && healthMax < HEALTH_BOUND_MS && rssPeakMb < FUNCTION_MEMORY_MB,
  };
}

export function printWholeLists(rows: WholeListRow[]) {
  const header = ["whole list", "on", "status", "ms/call", "slowest", "bytes", "br bytes", "RSS MB before/peak", "req/s (8 conn.)", "ratio", "health p99/max ms", "met"];
  const lines = rows.map((r) => [
    r.scenario,
    r.size,
    String(r.status),
    r.msPerCall.toFixed(1),
    r.msSlowest.toFixed(1),
    r.bytes.toLocaleString("en"),
    r.compressedBytes.toLocaleString("en"),
    `${r.rssBeforeMb.toFixed(0)}/${r.rssPeakMb.toFixed(0)}`,
    r.requestsPerSecond.toFixed(0),
    r.ratio.toFixed(3),
    `${r.healthP99.toFixed(0)}/${r.healthMax.toFixed(0)}`,
    r.met ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
  console.log(`met: health under ${HEALTH_BOUND_MS} ms throughout, the server under ${FUNCTION_MEMORY_MB} MB, no errors`);
}
