import { readdirSync } from "node:fs";
import { importResolution, repoRoot } from "./import-resolution.js";

// The API's seams (docs/architecture.md): lib/ and db/ serve every module and know none; a module
// reaches another only through its service and its schemas, which app.ts and shop-services.ts compose.
// A module reaches its data through its port (`<module>.store.ts`); the port's PostgreSQL
// implementation, and the module's tables (`*.tables.ts`), are its postgres/ folder; its Firestore
// implementation is its firestore/ folder: the places in it that know a store. stores/ builds those
// implementations; db/schema.ts only gathers the tables for the Drizzle client and drizzle-kit.

const SERVER_FILES = ["functions/src/**/*.ts"];
const SRC = "functions/src";
const MODULES = `${SRC}/modules`;
const ALL_MODULES = `${repoRoot}${MODULES}`;
const SCHEMA_INDEX = `${SRC}/db/schema.ts`;
const modules = readdirSync(new URL(`../${MODULES}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module's postgres/ folders (its store in PostgreSQL, tables included), its table files, and every other file of it. */
const postgresOf = (module) => `${ALL_MODULES}/${module}/**/postgres/**`;
const tablesOf = (module) => `${ALL_MODULES}/${module}/**/postgres/*.tables.ts`;
const restOf = (module) => `${ALL_MODULES}/${module}/**/!(*.tables).ts`;
/** The files of every other module's postgres/ folders, but for their table files. */
const othersPostgresOf = (module) => `${ALL_MODULES}/!(${module})/**/postgres/!(*.tables).ts`;
const ANY_TABLES = `${ALL_MODULES}/**/postgres/*.tables.ts`;
const ANY_POSTGRES = `${ALL_MODULES}/**/postgres/**`;
/** A module's firestore/ folders (its store in Firestore), and every other module's. */
const firestoreOf = (module) => `${ALL_MODULES}/${module}/**/firestore/**`;
const othersFirestoreOf = (module) => `${ALL_MODULES}/!(${module})/**/firestore/*.ts`;
const ANY_FIRESTORE = `${ALL_MODULES}/**/firestore/**`;
/** Every file of the modules outside a store's folder: the side that knows the ports and no store. */
const OUTSIDE_STORES = `${ALL_MODULES}/**/!(postgres|firestore)/*.ts`;
/** Every file of the modules outside a postgres/ folder (which has no folders of its own): the side that knows the ports and no store. */
const OUTSIDE_POSTGRES = `${ALL_MODULES}/**/!(postgres)/*.ts`;
/** The entry points and the composition, which build services over the stores. */
const COMPOSITION = [`${repoRoot}${SRC}/*.ts`, `${SRC}/jobs`, `${SRC}/cli`];
const STORES = `${SRC}/stores`;

const zones = [
  {
    target: [`${SRC}/lib`, `${SRC}/config`, `${repoRoot}${SRC}/db/**/!(schema).ts`, `${SRC}/firestore`],
    from: [MODULES, STORES, `${SRC}/app.ts`, `${SRC}/shop-services.ts`, `${SRC}/jobs`],
    message: "lib/, db/, firestore/ and config/ serve every module and import none: pass what they need from a module in from app.ts.",
  },
  {
    target: SCHEMA_INDEX,
    from: [`${ALL_MODULES}/**`, `${repoRoot}${SRC}/*.ts`, `${repoRoot}${SRC}/jobs/**`, `${repoRoot}${STORES}/**`],
    except: [ANY_TABLES],
    message: "db/schema.ts is the index of the modules' tables (their postgres/*.tables.ts files) and imports nothing else of theirs.",
  },
  ...modules.flatMap((module) => [
    {
      target: restOf(module),
      from: [`${ALL_MODULES}/**`],
      except: [
        `${ALL_MODULES}/${module}/**`,
        `${ALL_MODULES}/*/*.service.ts`,
        `${ALL_MODULES}/*/*.schemas.ts`,
        `${ALL_MODULES}/common.schemas.*`,
        // Reported by the zones below, which say why.
        ANY_POSTGRES,
        ANY_FIRESTORE,
      ],
      message: "A module's public face is its service and its schemas: use the service it is given (shop-services.ts, app.ts), never another module's repository or inner files.",
    },
    {
      target: [OUTSIDE_POSTGRES, othersPostgresOf(module), ...COMPOSITION, STORES],
      from: [tablesOf(module)],
      message:
        "A module's tables are read and written by its own postgres/ files alone: the rest of the module works through its port (<module>.store.ts), another module through its service.",
    },
    {
      target: [OUTSIDE_POSTGRES, othersPostgresOf(module), ...COMPOSITION],
      from: [postgresOf(module)],
      // Reported by the zone above.
      except: [ANY_TABLES],
      message:
        "A module's postgres/ folder is its store in PostgreSQL, built by stores/postgres.ts: the rest of the module works through its port (<module>.store.ts), another module through its service.",
    },
    {
      target: [OUTSIDE_STORES, `${ALL_MODULES}/**/postgres/*.ts`, othersFirestoreOf(module), ...COMPOSITION],
      from: [firestoreOf(module)],
      message:
        "A module's firestore/ folder is its store in Firestore, built by stores/firestore.ts: the rest of the module works through its port (<module>.store.ts), another module through its service.",
    },
    {
      target: tablesOf(module),
      from: [`${ALL_MODULES}/**`],
      except: [`${ALL_MODULES}/${module}/**`, ANY_TABLES],
      message: "A table file imports another module's table file only for a foreign key's references(), and nothing else of another module.",
    },
  ]),
  {
    target: OUTSIDE_POSTGRES,
    from: [`${SRC}/db`],
    // Reported by the zone below.
    except: ["schema.ts"],
    message:
      "Outside its postgres/ folder a module knows no store: it works through its port (<module>.store.ts) and lib/change.ts (Tx, Work, RunChange). db/, drizzle-orm and pg are for postgres/ files.",
  },
  {
    target: OUTSIDE_STORES,
    from: [`${SRC}/firestore`],
    message: "Outside its firestore/ folder a module knows no store: it works through its port (<module>.store.ts) and lib/change.ts (Tx, Work, RunChange).",
  },
  {
    target: `${ALL_MODULES}/**/postgres/*.ts`,
    from: [`${SRC}/firestore`],
    message: "A module's postgres/ folder is its store in PostgreSQL and knows nothing of Firestore.",
  },
  {
    target: MODULES,
    from: [SCHEMA_INDEX],
    message: "db/schema.ts gathers every table for the Drizzle client and drizzle-kit; a module's postgres/ files import its own *.tables.ts instead.",
  },
  {
    target: MODULES,
    from: [`${SRC}/app.ts`, `${SRC}/shop-services.ts`, `${SRC}/index.ts`, `${SRC}/server.ts`, `${SRC}/runtime.ts`, `${SRC}/jobs`, `${SRC}/cli`, STORES],
    message: "Modules do not import the entry points or the composition that builds them.",
  },
  {
    target: STORES,
    from: [`${ALL_MODULES}/**`],
    except: [ANY_POSTGRES, ANY_FIRESTORE, `${ALL_MODULES}/**/{*.store,time-zones}.ts`],
    message: "stores/ builds each module's store from its postgres/ or firestore/ folder and types it with the module's port (<module>.store.ts); services are composed in shop-services.ts and app.ts.",
  },
];

const POSTGRES_PACKAGES = {
  regex: "^(drizzle-orm|pg)(/|$)",
  message: "Outside its postgres/ folder a module knows no store: it works through its port (<module>.store.ts) and lib/change.ts (Tx, Work, RunChange).",
};
const FIRESTORE_PACKAGES = {
  regex: "^(firebase-admin/firestore|@google-cloud/firestore)$",
  message: "Outside its firestore/ folder a module knows no store: it works through its port (<module>.store.ts) and lib/change.ts (Tx, Work, RunChange).",
};

/** The store packages a module's files may not import, outside the folders `ignores` names. */
function storePackages(name, ignores, forbidden, files = `${MODULES}/**/*.ts`) {
  return {
    name: `server boundaries: the store's packages, ${name}`,
    files: [files],
    ignores: [...ignores, `${MODULES}/**/*.schemas.ts`, "functions/src/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: forbidden }] },
  };
}

export default [
  importResolution({ files: SERVER_FILES, tsconfig: "functions/tsconfig.json" }),
  {
    name: "server boundaries",
    files: SERVER_FILES,
    ignores: ["functions/src/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones }] },
  },
  // The packages of each store, as the zones above keep db/ and firestore/ to a module's own store
  // folders. The schemas files are left to their own rule (zod only), which these would replace.
  storePackages("outside the stores", [`${MODULES}/**/postgres/**`, `${MODULES}/**/firestore/**`], [POSTGRES_PACKAGES, FIRESTORE_PACKAGES]),
  storePackages("the PostgreSQL store", [], [FIRESTORE_PACKAGES], `${MODULES}/**/postgres/**`),
  storePackages("the Firestore store", [], [POSTGRES_PACKAGES], `${MODULES}/**/firestore/**`),
];
