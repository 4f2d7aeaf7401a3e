import { readdirSync } from "node:fs";
import { importResolution, repoRoot } from "./import-resolution.js";

// The API's seams (docs/architecture.md): lib/ and db/ serve every module and know none; a module
// reaches another only through its service and its schemas, which app.ts and shop-services.ts compose.
// Each module declares its own tables (`*.tables.ts`, beside its repository) and touches no other's;
// db/schema.ts only gathers them for the Drizzle client and drizzle-kit.

const SERVER_FILES = ["functions/src/**/*.ts"];
const SRC = "functions/src";
const MODULES = `${SRC}/modules`;
const SCHEMA_INDEX = `${SRC}/db/schema.ts`;
const modules = readdirSync(new URL(`../${MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module's table files, and every other file of it. */
const tablesOf = (module) => `${repoRoot}${MODULES}/${module}/**/*.tables.ts`;
const restOf = (module) => `${repoRoot}${MODULES}/${module}/**/!(*.tables).ts`;
const ANY_TABLES = `${repoRoot}${MODULES}/**/*.tables.ts`;

const zones = [
  {
    target: [`${SRC}/lib`, `${SRC}/config`, `${repoRoot}${SRC}/db/**/!(schema).ts`],
    from: [MODULES, `${SRC}/app.ts`, `${SRC}/shop-services.ts`, `${SRC}/jobs`],
    message: "lib/, db/ and config/ serve every module and import none: pass what they need from a module in from app.ts.",
  },
  {
    target: SCHEMA_INDEX,
    from: [`${repoRoot}${MODULES}/**`, `${repoRoot}${SRC}/*.ts`, `${repoRoot}${SRC}/jobs/**`],
    except: [ANY_TABLES],
    message: "db/schema.ts is the index of the modules' tables (their *.tables.ts files) and imports nothing else of theirs.",
  },
  ...modules.flatMap((module) => [
    {
      target: restOf(module),
      from: [`${repoRoot}${MODULES}/**`],
      except: [
        `${repoRoot}${MODULES}/${module}/**`,
        `${repoRoot}${MODULES}/*/*.service.ts`,
        `${repoRoot}${MODULES}/*/*.schemas.ts`,
        `${repoRoot}${MODULES}/common.schemas.*`,
        // Reported by the zone below, which says why.
        ANY_TABLES,
      ],
      message: "A module's public face is its service and its schemas: use the service it is given (shop-services.ts, app.ts), never another module's repository or inner files.",
    },
    {
      target: restOf(module),
      from: [ANY_TABLES],
      except: [tablesOf(module)],
      message: "A module reads and writes only its own tables (its *.tables.ts); what another module keeps comes through that module's service.",
    },
    {
      target: tablesOf(module),
      from: [`${repoRoot}${MODULES}/**`],
      except: [`${repoRoot}${MODULES}/${module}/**`, ANY_TABLES],
      message: "A table file imports another module's table file only for a foreign key's references(), and nothing else of another module.",
    },
  ]),
  {
    target: MODULES,
    from: [SCHEMA_INDEX],
    message: "db/schema.ts gathers every table for the Drizzle client and drizzle-kit; a module imports its own *.tables.ts instead.",
  },
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
