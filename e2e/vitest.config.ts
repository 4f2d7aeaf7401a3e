import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm start` itself: starts and stops its own stack on the fixed ports, so one file at a time.
// The browser tests (browser/) share one stack of their own and run after this, from their own config.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["*.test.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
