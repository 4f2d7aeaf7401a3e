// After `tsc`: removes the modules that held only types (ports, contexts, interfaces). TypeScript
// still emits each as an empty `export {};`, which nothing imports at run time, and the deployed
// function must hold only what it runs (e2e/deploy checks it).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const EMPTY_MODULE = /^export \{\};\s*(\/\/# sourceMappingURL=\S+\s*)?$/;

function* javaScriptFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* javaScriptFiles(path);
    else if (entry.name.endsWith(".js")) yield path;
  }
}

const lib = process.argv[2] ?? "lib";
let dropped = 0;
for (const file of javaScriptFiles(lib)) {
  if (!EMPTY_MODULE.test(readFileSync(file, "utf8"))) continue;
  rmSync(file);
  rmSync(`${file}.map`, { force: true });
  dropped++;
}
console.log(`${dropped} type-only modules left out of ${lib}/`);
