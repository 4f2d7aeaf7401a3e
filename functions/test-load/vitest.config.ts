import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// `npm run test:load`: the long fault runs, one at a time so each outage is measured on a machine
// that is not also running the others. They drive the built server (lib/), so the script builds first.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["test-load/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    setupFiles: ["test/support/fail-on-console-error.ts"],
  },
});
