#!/usr/bin/env node
// Lighthouse's mobile performance of the home page: three runs with the default (mobile) settings,
// simulated slow 4G and a 4x slower CPU, and their median, against the built shop in Chromium.
// The target (issue 12): performance at least 95 and cumulative layout shift under 0.02.
//
//   npm run lighthouse                 builds the shop, then runs this
//   node scripts/lighthouse.mjs [url]  measures what is built; `url` defaults to the home page
//
// When a shop already answers at http://localhost:5000 (`npm start`), that one is measured. Otherwise
// this starts one as `npm start` does (scripts/start.mjs, on a data folder of its own with the demo
// data) and stops it at the end. It is a measurement, not a test: it is not part of `npm test`.
// CHROME_PATH chooses the browser (default /usr/bin/chromium); LIGHTHOUSE_RUNS the number of runs.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SHOP = "http://localhost:5000";
const url = process.argv[2] ?? `${SHOP}/`;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGET = { performance: 95, cls: 0.02 };

async function answers(address) {
  try {
    const response = await fetch(address, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** `node scripts/start.mjs` on a fresh data folder; resolves once its banner says the shop is up. */
async function startShop() {
  const dataDir = mkdtempSync(join(tmpdir(), "toolshop-lighthouse-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, TOOLSHOP_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  while (!output.includes("Toolshop is running at")) {
    if (child.exitCode !== null) throw new Error(`The shop did not start:\n${output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    async stop() {
      // One SIGINT: start.mjs passes it on to the emulators and exits once everything has stopped.
      if (child.exitCode === null) child.kill("SIGINT");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first call of each kind starts the API's function in the emulator; that start is not the page's. */
async function warmUp() {
  for (const path of ["/", "/api/tools", "/api/reviews"]) await fetch(new URL(path, url)).then((response) => response.arrayBuffer());
}

function lighthouseOnce(reportPath) {
  const args = [
    url,
    "--only-categories=performance",
    "--output=json",
    `--output-path=${reportPath}`,
    "--quiet",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, "node_modules", ".bin", "lighthouse"), args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
  });
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is run again. */
async function withRetries(action, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`${error.message}; running it again.`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function summarise(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    cls: audit("cumulative-layout-shift"),
    lcp: audit("largest-contentful-paint"),
    fcp: audit("first-contentful-paint"),
    tbt: audit("total-blocking-time"),
    si: audit("speed-index"),
    lcpElement: (lhr.audits["lcp-breakdown-insight"]?.details?.items ?? []).find((item) => item.type === "node")?.snippet ?? "",
  };
}

const row = (label, r) =>
  `${label.padEnd(8)} performance ${String(r.performance).padStart(3)}   CLS ${r.cls.toFixed(3)}   LCP ${Math.round(r.lcp)} ms   FCP ${Math.round(r.fcp)} ms   TBT ${Math.round(r.tbt)} ms   SI ${Math.round(r.si)} ms`;

async function main() {
  // Another address (a preview, a deployed site) is measured as it is; the local shop is started if it is down.
  const needsShop = new URL(url).origin === SHOP && !(await answers(`${SHOP}/api/health`));
  const shop = needsShop ? await startShop() : null;
  const reports = mkdtempSync(join(tmpdir(), "toolshop-lighthouse-reports-"));
  try {
    await warmUp();
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const reportPath = join(reports, `run-${run}.json`);
      await withRetries(() => lighthouseOnce(reportPath));
      const result = summarise(JSON.parse(readFileSync(reportPath, "utf8")));
      results.push(result);
      console.log(row(`run ${run}`, result));
    }
    const middle = Object.fromEntries(["performance", "cls", "lcp", "fcp", "tbt", "si"].map((key) => [key, median(results.map((r) => r[key]))]));
    console.log(row("median", middle));
    console.log(`Largest contentful paint element: ${results[0].lcpElement}`);
    const met = middle.performance >= TARGET.performance && middle.cls < TARGET.cls;
    console.log(
      `${url} (Lighthouse mobile, ${runs} runs): performance ${middle.performance} (target >= ${TARGET.performance}), ` +
        `CLS ${middle.cls.toFixed(3)} (target < ${TARGET.cls}): ${met ? "met" : "NOT met"}.`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    rmSync(reports, { recursive: true, force: true });
    await shop?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
