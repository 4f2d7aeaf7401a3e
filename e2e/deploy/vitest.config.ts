import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The deploy rehearsal (issue 9): packs, installs and starts the function on free ports of its own.
// One file whose steps build on each other; a cold npm install may take a minute or more.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["*.test.ts"],
    fileParallelism: false,
    testTimeout: 360_000,
    hookTimeout: 120_000,
  },
});
