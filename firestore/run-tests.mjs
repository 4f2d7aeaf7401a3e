#!/usr/bin/env node
// `npm test -w firestore`: the security rules' matrix on the Firestore emulator, started by
// firebase-tools with the Java and the emulator this machine has (scripts/firestore-emulator.mjs).
// Without them, CI fails saying what to install; elsewhere the rules' tests are skipped with the same
// words and only the tests that need no emulator run.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { findFirestoreEmulator } from "../scripts/firestore-emulator.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const firebase = require.resolve("firebase-tools/lib/bin/firebase.js");
const vitest = require.resolve("vitest/vitest.mjs");

function run(args, env) {
  const child = spawn(process.execPath, args, { cwd: here, stdio: "inherit", env });
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const found = await findFirestoreEmulator();
if (found.reason) {
  console.error(`\nThe Firestore rules' tests cannot run here.\n${found.reason}\n`);
  if (process.env.CI) process.exit(1);
  console.error("Skipping them (CI runs them); running the tests that need no emulator.\n");
  process.exit(await run([vitest, "run", "--project", "no-emulator"], process.env));
}

process.stdout.write(`Firestore emulator: Java ${found.java.version} (${found.java.home}), ${found.jar}\n`);
const tests = `"${process.execPath}" "${vitest}" run`;
const args = [firebase, "--config", "firebase.json", "emulators:exec", "--only", "firestore", "--project", "demo-toolshop-rules", tests];
process.exit(await run(args, { ...process.env, ...found.env }));
