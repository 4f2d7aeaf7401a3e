import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isListening, type RunningStack, SHOP, startStack } from "../stack.js";

/**
 * The sign-in exchange is limited per client address (10 a minute by default); every person in these
 * tests signs in from the same address, many of them a minute, so the limit is raised for them.
 */
const BROWSER_TEST_ENV = { RATE_LIMIT_SIGN_IN_PER_MINUTE: "1000" };

/**
 * One stack for all browser tests, on a fresh data folder: the demo data and nothing else.
 * While writing tests, E2E_REUSE_STACK=1 runs them against a shop that is already up instead.
 */
export default async function setup() {
  if (process.env.E2E_REUSE_STACK === "1" && (await isListening(SHOP))) {
    console.log(`Using the shop already running at ${SHOP}.`);
    return;
  }

  const dataDir = mkdtempSync(join(tmpdir(), "toolshop-browser-"));
  const started = Date.now();
  let stack: RunningStack;
  try {
    stack = await startStack(dataDir, BROWSER_TEST_ENV);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`The shop is up for the browser tests (${((Date.now() - started) / 1000).toFixed(1)} s).`);

  return async () => {
    const code = await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) console.error(`The shop stopped with exit code ${code}:\n${stack.output().slice(-4000)}`);
  };
}
