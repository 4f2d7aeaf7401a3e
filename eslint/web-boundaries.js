import { readdirSync } from "node:fs";
import { importResolution, repoRoot } from "./import-resolution.js";

// import-x resolves each import (relative, @/ or @api/) to its file, so a zone holds however the import is spelled; core no-restricted-imports sees only the text.

const WEB_FILES = ["web/src/**/*.{ts,tsx}"];
const SRC = "web/src";
const features = readdirSync(new URL(`../${SRC}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** As bulletproof-react draws them: code flows shared -> features -> app, and features stay apart. */
const zones = [
  ...features.map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: "A feature does not import another feature: compose them in app/, or move what both need to shared code.",
  })),
  {
    target: `${SRC}/features`,
    from: `${SRC}/app`,
    message: "Features do not import from app/: app/ composes features, not the other way round.",
  },
  {
    target: ["components", "config", "hooks", "lib", "test", "types", "utils"].map((shared) => `${SRC}/${shared}`),
    from: [`${SRC}/features`, `${SRC}/app`],
    message: "Shared code does not import features or app/: it serves them all.",
  },
  {
    // @api/* points into the server; its *.schemas files import zod and nothing else.
    target: SRC,
    from: ["functions/**"],
    except: [`${repoRoot}functions/src/modules/**/*.schemas.ts`],
    message: "The web imports only the API's *.schemas files (@api/<module>/<module>.schemas), never server code.",
  },
];

export default [
  importResolution({ files: WEB_FILES, tsconfig: "web/tsconfig.json" }),
  {
    name: "web boundaries",
    files: WEB_FILES,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: repoRoot, zones }] },
  },
];
