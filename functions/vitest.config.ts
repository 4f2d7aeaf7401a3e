import { defineConfig } from "vitest/config";

// Every API test runs on embedded PGlite; where TEST_DATABASE_URL names a PostgreSQL server,
// the same tests run on it as well, with the *.postgres.test.ts files that need a real server.
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  test: {
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["src/**/*.test.ts", "test/**/*.test.ts"],
        // What only a PostgreSQL server can do (end its clients' connections) is tested there alone.
        exclude: database === "postgres" ? [] : ["**/*.postgres.test.ts"],
        env: { TEST_DATABASE: database },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        setupFiles: ["test/support/fail-on-console-error.ts"],
      },
    })),
  },
});
