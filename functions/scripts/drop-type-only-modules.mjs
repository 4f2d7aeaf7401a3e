// After `tsc`: removes the modules that held only types (ports, contexts, interfaces). TypeScript
// still emits each as an empty `export {};`, which nothing imports at run time, and the deployed
// function must hold only what it runs (e2e/deploy checks it).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const EMPTY_MODULE = /^export \{\};\s*(\/\/# sourceMappingURL=\S+\s*)?$/;

function* javaScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* javaScriptFiles(path);
    else if (entry.name.endsWith(".js")) yield path;
  }
}

const lib = process.argv[2] ?? "lib";
const dropped = new Set();
for (const file of javaScriptFiles(lib)) {
  if (!EMPTY_MODULE.test(readFileSync(file, "utf8"))) continue;
  rmSync(file);
  rmSync(`${file}.map`, { force: true });
  dropped.add(resolve(file));
}

// A module that still names a dropped one (`export * from "./ports.js"` survives compilation) would
// fail when loaded: refuse the build instead.
const RELATIVE_SPECIFIER = /(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g;
const stillNamed = [];
for (const file of javaScriptFiles(lib)) {
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(RELATIVE_SPECIFIER)) {
    if (dropped.has(resolve(dirname(file), specifier))) stillNamed.push(`${file} names ${specifier}`);
  }
}
if (stillNamed.length > 0) {
  console.error(`These modules hold only types, yet are loaded at run time:\n${stillNamed.join("\n")}`);
  process.exit(1);
}
console.log(`${dropped.size} type-only modules left out of ${lib}/`);
