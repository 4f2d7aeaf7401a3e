import { readdirSync } from "node:fs";
import { importResolution, repoRoot } from "./import-resolution.js";

// The API's seams (docs/architecture.md): lib/ and db/ serve every module and know none; a module
// reaches another only through its service and its schemas, which app.ts and shop-services.ts compose.

const SERVER_FILES = ["functions/src/**/*.ts"];
const SRC = "functions/src";
const MODULES = `${SRC}/modules`;
const modules = readdirSync(new URL(`../${MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const zones = [
  {
    target: [`${SRC}/lib`, `${SRC}/db`, `${SRC}/config`],
    from: [MODULES, `${SRC}/app.ts`, `${SRC}/shop-services.ts`, `${SRC}/jobs`],
    message: "lib/, db/ and config/ serve every module and import none: pass what they need from a module in from app.ts.",
  },
  ...modules.map((module) => ({
    target: `${MODULES}/${module}`,
    from: [`${MODULES}/**`],
    except: [
      `${repoRoot}${MODULES}/${module}/**`,
      `${repoRoot}${MODULES}/*/*.service.ts`,
      `${repoRoot}${MODULES}/*/*.schemas.ts`,
      `${repoRoot}${MODULES}/common.schemas.*`,
    ],
    message: "A module's public face is its service and its schemas: use the service it is given (shop-services.ts, app.ts), never another module's repository or inner files.",
  })),
  {
    target: MODULES,
    from: [`${SRC}/app.ts`, `${SRC}/shop-services.ts`, `${SRC}/index.ts`, `${SRC}/server.ts`, `${SRC}/runtime.ts`, `${SRC}/jobs`, `${SRC}/cli`],
    message: "Modules do not import the entry points or the composition that builds them.",
  },
];

export default [
  importResolution({ files: SERVER_FILES, tsconfig: "functions/tsconfig.json" }),
  {
    name: "server boundaries",
    files: SERVER_FILES,
    ignores: ["functions/src/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones }] },
  },
];
