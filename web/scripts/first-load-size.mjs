#!/usr/bin/env node
// Adds up the JavaScript and CSS the home page loads before it first renders (the entry chunk and
// everything it imports statically), gzipped, and fails the build when the JavaScript is over budget.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// Decision 14 left the home page at about 138 kB; the first visit stays at or under 150 kB.
const BUDGET_KB = 150;
const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));

const gzipped = (file) => gzipSync(readFileSync(join(dist, file))).length;
// kB as Vite prints them (1000 bytes), so the numbers match its table above.
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const seen = new Set();
const js = [];
const css = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  js.push(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit("index.html");

const jsBytes = js.reduce((sum, file) => sum + gzipped(file), 0);
const cssBytes = [...css].reduce((sum, file) => sum + gzipped(file), 0);
const lazy = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;

process.stdout.write(`\nHome page first load (gzipped): JavaScript ${kb(jsBytes)} in ${js.length} file(s), CSS ${kb(cssBytes)}; budget ${BUDGET_KB} kB of JavaScript.\n`);
process.stdout.write(`${lazy} pages and sections load on demand (dashboard, admin, payment, sign-in, tool page, wish form, live order status).\n`);
if (jsBytes > BUDGET_KB * 1000) {
  console.error(`The home page's first-load JavaScript is over budget by ${kb(jsBytes - BUDGET_KB * 1000)}.`);
  process.exit(1);
}
