import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import serverBoundaries from "./eslint/server-boundaries.js";
import webBoundaries from "./eslint/web-boundaries.js";

export default tseslint.config(
  { ignores: ["**/node_modules/", "functions/lib/", "**/dist/", ".data/", "functions/drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Command-line entry points talk to a person on the terminal.
    files: ["scripts/**", "functions/scripts/**", "functions/src/cli/**", "functions/bench/**", "e2e/**", "web/scripts/**"],
    rules: { "no-console": "off" },
  },
  {
    // The API schemas are shared with the web client: zod and nothing else.
    files: ["functions/src/modules/**/*.schemas.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!zod$|\\.\\./common\\.schemas\\.js$|\\./)", message: "Schemas import zod only." }] }],
    },
  },
  {
    files: ["**/test/**", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  ...serverBoundaries,
  ...webBoundaries,
  {
    // Arrows point one way (docs/architecture.md): a file never reaches, however far round, back to
    // one that imports it. Imports of types alone are left out, as they vanish from the built code.
    // The boundaries above give import-x its resolver for these files; to follow an import onward,
    // import-x must also read the TypeScript files it lands in, which it skips unless told of them.
    // Packages are not followed: no cycle of ours runs through one, and reading them doubles the time.
    files: ["functions/src/**/*.ts", "web/src/**/*.{ts,tsx}"],
    settings: { "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"] },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
