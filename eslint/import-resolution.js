import { fileURLToPath } from "node:url";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";

/** The repository's root: zones and tsconfig paths are relative to it, whatever folder ESLint runs from. */
export const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * The import-x plugin, resolving imports in `files` as TypeScript does with `tsconfig` (its path
 * aliases included), so that import-x rules see the file an import names. Each workspace spreads one
 * of these with its own `files`; the plugin object is the same one every time, which ESLint allows.
 */
export function importResolution({ files, tsconfig }) {
  return {
    name: `import-resolution ${tsconfig}`,
    files,
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: fileURLToPath(new URL(`../${tsconfig}`, import.meta.url)) })],
    },
  };
}
