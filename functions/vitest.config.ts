import { defineConfig } from "vitest/config";

// The API's tests run on every store the machine offers, each as a vitest project:
// - `pglite`: embedded PostgreSQL, always, except in CI, where the two below cover the same tests
//   (and `npm start`'s stack runs on PGlite in the end-to-end and browser tests);
// - `postgres`: the server at TEST_DATABASE_URL, with the *.postgres.test.ts files that need one;
// - `firestore`: the Firestore emulator at FIRESTORE_EMULATOR_HOST (functions/scripts/run-tests.mjs
//   starts it where Java 21+ is found), with the *.firestore.test.ts files of Firestore alone.
// A *.sql.test.ts file is about PostgreSQL's own store (its tables, its SQL) and runs on the first two.
const stores = [
  ...(process.env.CI && process.env.TEST_DATABASE_URL && process.env.FIRESTORE_EMULATOR_HOST ? [] : ["pglite"]),
  ...(process.env.TEST_DATABASE_URL ? ["postgres"] : []),
  ...(process.env.FIRESTORE_EMULATOR_HOST ? ["firestore"] : []),
];

const excludeOn = (store: string) => [
  ...(store === "postgres" ? [] : ["**/*.postgres.test.ts"]),
  ...(store === "firestore" ? ["**/*.sql.test.ts"] : ["**/*.firestore.test.ts"]),
];

export default defineConfig({
  test: {
    projects: stores.map((store) => ({
      extends: true,
      test: {
        name: store,
        // The unit tests beside the code need no store, or PostgreSQL's: they run once, on PostgreSQL's projects.
        include: store === "firestore" ? ["src/firestore/**/*.test.ts", "src/modules/**/firestore/**/*.test.ts", "test/**/*.test.ts"] : ["src/**/*.test.ts", "test/**/*.test.ts"],
        exclude: excludeOn(store),
        env: { TEST_DATABASE: store },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        setupFiles: ["test/support/fail-on-console-error.ts", ...(store === "firestore" ? ["test/support/record-firestore-queries.ts"] : [])],
        // On Firestore, the queries the store made are checked against firestore.indexes.json after the suite.
        globalSetup: store === "firestore" ? ["test/support/check-firestore-indexes.ts"] : [],
      },
    })),
  },
});
