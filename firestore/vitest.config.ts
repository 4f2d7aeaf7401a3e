import { defineConfig } from "vitest/config";

// Two kinds of test: the rules' matrix, which needs the Firestore emulator that run-tests.mjs starts,
// and the tests of finding Java and the emulator, which need nothing.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "rules",
          include: ["test/rules.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "no-emulator",
          include: ["test/firestore-emulator.test.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
