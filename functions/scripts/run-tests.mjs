#!/usr/bin/env node
// `npm test -w functions`: the API's tests, under the Auth emulator and, where this machine has Java
// 21+ and the Firestore emulator (scripts/firestore-emulator.mjs), the Firestore emulator too, so
// the stores' tests run on Firestore as well as on PostgreSQL. Without them, CI fails saying what to
// install; elsewhere the Firestore tests are left out with the same words.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findFirestoreEmulator } from "../../scripts/firestore-emulator.mjs";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const firebase = require.resolve("firebase-tools/lib/bin/firebase.js");
const vitest = require.resolve("vitest/vitest.mjs");

const found = await findFirestoreEmulator();
let emulators = "auth";
let env = process.env;
if (found.reason) {
  console.error(`\nThe tests on Firestore cannot run here.\n${found.reason}\n`);
  if (process.env.CI) process.exit(1);
  console.error("Leaving them out (CI runs them); the tests on PostgreSQL run.\n");
} else {
  emulators = "auth,firestore";
  env = { ...process.env, ...found.env };
}

const tests = `"${process.execPath}" "${vitest}" run ${process.argv.slice(2).join(" ")}`;
const args = [firebase, "--config", "test/firebase.json", "emulators:exec", "--only", emulators, "--project", "demo-toolshop-test", tests];
const child = spawn(process.execPath, args, { cwd: here, stdio: "inherit", env });
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
