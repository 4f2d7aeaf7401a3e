import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Journeys through the shop in Chromium. The global setup starts one stack (`npm start`'s, on a data
// folder of its own) for every file and stops it at the end; the files run one at a time against it.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    include: ["**/*.test.ts"],
    globalSetup: ["../support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Everything in a browser test waits for what a person would wait for; polled assertions too.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
