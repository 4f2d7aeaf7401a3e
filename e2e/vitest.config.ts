import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The whole stack on its fixed ports: one file at a time.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
