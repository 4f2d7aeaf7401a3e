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

/**
 * Test files that do not pass on Firestore yet; they run on PostgreSQL's projects meanwhile.
 * - admin-invariants: Make Admin and Remove User of one account at once outlast the test's 30 s on the emulator.
 * - shared-rate-limits: one buyer's burst at two instances loses orders to contention, and an
 *   unreachable Firestore is retried for minutes where PostgreSQL fails at once.
 * - whole-lists: its plain server on Firestore refuses the seeded admin, and seeding 20,000 documents
 *   outlasts the test.
 */
const NOT_YET_ON_FIRESTORE = ["test/security/admin-invariants.test.ts", "test/security/shared-rate-limits.test.ts", "test/security/whole-lists.test.ts"];

const excludeOn = (store: string) => [
  ...(store === "postgres" ? [] : ["**/*.postgres.test.ts"]),
  ...(store === "firestore" ? ["**/*.sql.test.ts", ...NOT_YET_ON_FIRESTORE] : ["**/*.firestore.test.ts"]),
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
        setupFiles: ["test/support/fail-on-console-error.ts"],
      },
    })),
  },
});
