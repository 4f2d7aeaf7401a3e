import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * What is tested is what is deployed: the tests run on the Node.js major that firebase.json asks
 * Cloud Functions for, and that runtime must be one firebase-tools will still deploy for a while.
 */

const readJson = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf8"));

const firebaseJson = readJson("../../../firebase.json") as { functions: { source: string; runtime: string }[] };
const functionsPackage = readJson("../../package.json") as { engines: { node: string } };
const rootPackage = readJson("../../../package.json") as { devDependencies: Record<string, string> };

interface RuntimeEntry {
  friendly: string;
  status: string;
  deprecationDate: string;
  decommissionDate: string;
}

// firebase-tools' own table, the one `firebase deploy` checks: it moves with the installed version.
const { RUNTIMES } = createRequire(import.meta.url)("firebase-tools/lib/deploy/functions/runtimes/supported/types.js") as {
  RUNTIMES: Record<string, RuntimeEntry>;
};

/** Half a year to plan the upgrade of the next runtime before deploys start warning. */
const UPGRADE_NOTICE_DAYS = 180;
const DAY_MS = 86_400_000;

/** Why a runtime cannot stay configured on `today`, or null when it can. */
function runtimeProblem(runtime: string, today: Date): string | null {
  const entry = RUNTIMES[runtime];
  const change = "Change `runtime` in firebase.json, `engines.node` in functions/package.json and the `node` dev dependency in package.json to a newer Node.js runtime";
  if (!entry) return `firebase-tools does not know the runtime ${runtime}. ${change}.`;
  const deprecation = new Date(entry.deprecationDate);
  const decommission = new Date(entry.decommissionDate);
  if (entry.status === "decommissioned" || today >= decommission) {
    return `${entry.friendly} (${runtime}) was decommissioned on ${entry.decommissionDate}: firebase deploy refuses it. ${change}.`;
  }
  if (entry.status === "deprecated" || today >= deprecation) {
    return `${entry.friendly} (${runtime}) was deprecated on ${entry.deprecationDate} and is decommissioned on ${entry.decommissionDate}. ${change}.`;
  }
  if (deprecation.getTime() - today.getTime() < UPGRADE_NOTICE_DAYS * DAY_MS) {
    return `${entry.friendly} (${runtime}) is deprecated on ${entry.deprecationDate}, less than ${UPGRADE_NOTICE_DAYS} days from now. ${change}.`;
  }
  return null;
}

describe("the functions runtime", () => {
  const configured = firebaseJson.functions.map((codebase) => codebase.runtime);

  it("when firebase.json names the runtime, then firebase-tools will deploy it for at least another 180 days", () => {
    for (const runtime of configured) expect(runtimeProblem(runtime, new Date()), runtime).toBeNull();
  });

  it("when the guard meets a runtime that is decommissioned, deprecated or close to it, then it says what to change", () => {
    expect(runtimeProblem("nodejs20", new Date("2026-11-23"))).toMatch(/decommissioned on 2026-10-30.*Change `runtime` in firebase.json/);
    expect(runtimeProblem("nodejs22", new Date("2027-05-01"))).toMatch(/deprecated on 2027-04-30/);
    expect(runtimeProblem("nodejs24", new Date("2028-01-01"))).toMatch(/less than 180 days from now/);
    expect(runtimeProblem("nodejs99", new Date())).toMatch(/does not know the runtime nodejs99/);
  });

  it("when the tests run, then they run on the Node.js major that is deployed", () => {
    const deployedMajor = configured[0]!.replace("nodejs", "");
    expect(functionsPackage.engines.node).toBe(deployedMajor);
    expect(rootPackage.devDependencies.node).toMatch(new RegExp(`^\\^${deployedMajor}\\.`));
    expect(process.versions.node.split(".")[0], `the tests run on Node.js ${process.versions.node}; run them through npm, which puts the pinned Node.js ${deployedMajor} first`).toBe(deployedMajor);
  });
});
