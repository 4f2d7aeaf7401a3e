import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, posix, relative, sep } from "node:path";
import ts from "typescript";

const require = createRequire(import.meta.url);

/** The project's firebase.json entry for one functions codebase, as firebase-tools reads it. */
export interface FunctionsConfig {
  source: string;
  codebase?: string;
  runtime?: string;
  ignore?: string[];
}

type PrepareFunctionsUpload = (
  projectDir: string,
  sourceDir: string,
  config: FunctionsConfig,
  additionalSources: string[],
  runtimeConfig: undefined,
  options: { exportType: "zip" | "tar.gz"; executablePaths: string[] },
) => Promise<{ pathToSource: string; hash: string }>;

// firebase-tools' own packing code, called rather than mirrored: `firebase deploy` runs exactly this
// (deploy/functions/prepare.js) for 2nd-gen functions, with no additional sources, no runtime config,
// a zip and no executable paths for Node.js. So what is packed here is what would be uploaded,
// whatever `functions.ignore` says and whatever firebase-tools adds to it (its debug logs,
// .runtimeconfig.json), and a firebase-tools update that changes the packing changes this too.
const { prepareFunctionsUpload } = require("firebase-tools/lib/deploy/functions/prepareFunctionsUpload.js") as {
  prepareFunctionsUpload: PrepareFunctionsUpload;
};
const { unzip } = require("firebase-tools/lib/unzip.js") as { unzip(zipPath: string, outputDir: string): Promise<void> };

/** The default codebase of firebase.json's `functions`, which may be one object or a list. */
export function functionsConfig(projectDir: string): FunctionsConfig {
  const firebaseJson = JSON.parse(readFileSync(join(projectDir, "firebase.json"), "utf8")) as { functions?: FunctionsConfig | FunctionsConfig[] };
  const all = [firebaseJson.functions ?? []].flat();
  const config = all.find((entry) => (entry.codebase ?? "default") === "default");
  if (!config) throw new Error("firebase.json has no default functions codebase");
  return config;
}

export interface PackedFunction {
  /** Bytes of the zip firebase-tools would upload. */
  zipBytes: number;
  /** Files in it, relative paths with forward slashes, sorted. */
  files: string[];
  /** Their bytes, unpacked. */
  bytes: number;
}

/** Packs the function as `firebase deploy` uploads it and unpacks that zip into `outputDir`, which must be empty. */
export async function packFunction(projectDir: string, outputDir: string): Promise<PackedFunction> {
  const config = functionsConfig(projectDir);
  // firebase-tools appends its own entries to the list it is given.
  const upload = await prepareFunctionsUpload(projectDir, join(projectDir, config.source), { ...config, ignore: config.ignore && [...config.ignore] }, [], undefined, {
    exportType: "zip",
    executablePaths: [],
  });
  try {
    mkdirSync(outputDir, { recursive: true });
    if (readdirSync(outputDir).length > 0) throw new Error(`${outputDir} is not empty`);
    await unzip(upload.pathToSource, outputDir);
    const zip = readFileSync(upload.pathToSource);
    const files = listFiles(outputDir);
    // The unzip is firebase-tools' own small reader; make sure it extracted every entry, unchanged.
    const entries = zipEntryCount(zip);
    if (entries !== files.length) throw new Error(`the zip has ${entries} entries but ${files.length} files were extracted`);
    for (const file of files) {
      if (!readFileSync(join(outputDir, file)).equals(readFileSync(join(projectDir, config.source, file)))) {
        throw new Error(`${file} was not extracted as it was packed`);
      }
    }
    const bytes = files.reduce((sum, file) => sum + statSync(join(outputDir, file)).size, 0);
    return { zipBytes: zip.length, files, bytes };
  } finally {
    rmSync(upload.pathToSource, { force: true });
  }
}

/** Entries in a zip, from its end of central directory record (no zip64: the package is small). */
function zipEntryCount(zip: Buffer): number {
  for (let at = zip.length - 22; at >= 0; at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) return zip.readUInt16LE(at + 10);
  }
  throw new Error("not a zip file");
}

/** Every file under `dir`, as sorted relative paths with forward slashes. */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(dir, path).split(sep).join("/"));
    }
  };
  walk(dir);
  return files.sort();
}

export interface PackageProblems {
  /** Packed files the function never loads: not reachable by imports from its main module, nor read by it. */
  notRun: string[];
  /** Imports of packages that package.json does not list in `dependencies`. */
  undeclaredImports: string[];
  /** Packed files that are tests or sources, named on their own because they are the likely mistakes. */
  testsOrSources: string[];
}

/**
 * What the unpacked function holds beyond what it runs. It runs its `main` module and whatever that
 * imports, statically or by `import()` of a literal path, and reads its migrations (the journal and
 * the SQL files it lists) from the folder lib/db/migrate.js names.
 */
export function inspectPackage(dir: string): PackageProblems {
  const packageJson = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { main?: string; dependencies?: Record<string, string> };
  const declared = new Set(Object.keys(packageJson.dependencies ?? {}));
  const builtins = new Set(builtinModules);
  const used = new Set<string>(["package.json"]);
  const undeclared = new Set<string>();

  const pending = [posix.normalize(packageJson.main ?? "index.js")];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (used.has(file)) continue;
    if (!existsSync(join(dir, file))) {
      undeclared.add(`${file} (imported, but not in the package)`);
      continue;
    }
    used.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(dir, file), "utf8"), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith(".")) {
        pending.push(posix.join(posix.dirname(file), specifier));
      } else if (!specifier.startsWith("node:") && !builtins.has(specifier)) {
        const parts = specifier.split("/");
        const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
        if (!declared.has(name)) undeclared.add(`${name} (imported by ${file})`);
      }
    }
  }

  // lib/db/migrate.js: migrationsFolder = ../../drizzle; drizzle-orm's migrator reads the journal and the files it lists.
  const journal = "drizzle/meta/_journal.json";
  if (existsSync(join(dir, journal))) {
    used.add(journal);
    const { entries } = JSON.parse(readFileSync(join(dir, journal), "utf8")) as { entries: { tag: string }[] };
    for (const { tag } of entries) used.add(`drizzle/${tag}.sql`);
  }

  const files = listFiles(dir).filter((file) => !file.startsWith("node_modules/"));
  return {
    notRun: files.filter((file) => !used.has(file)),
    undeclaredImports: [...undeclared].sort(),
    testsOrSources: files.filter((file) => /(^|\/)(src|test|tests|__tests__)\//.test(file) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || /\.[cm]?tsx?$/.test(file)),
  };
}

export interface InstalledPackage {
  name: string;
  /** Relative to the package folder, such as node_modules/a/node_modules/b. */
  path: string;
}

/** Every package installed under `dir`/node_modules, nested ones included. */
export function installedPackages(dir: string): InstalledPackage[] {
  const found: InstalledPackage[] = [];
  const scan = (nodeModules: string) => {
    if (!existsSync(join(dir, nodeModules))) return;
    for (const entry of readdirSync(join(dir, nodeModules), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || !entry.isDirectory()) continue;
      const names = entry.name.startsWith("@")
        ? readdirSync(join(dir, nodeModules, entry.name)).map((scoped) => `${entry.name}/${scoped}`)
        : [entry.name];
      for (const name of names) {
        const path = `${nodeModules}/${name}`;
        found.push({ name, path });
        scan(`${path}/node_modules`);
      }
    }
  };
  scan("node_modules");
  return found;
}

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * Installed packages that no production dependency needs: those npm reaches from package.json's
 * `dependencies` through dependencies, optional dependencies and required peers, as Node resolves
 * them in the lock file's tree. npm's `--omit=dev` keeps a dev dependency that is also an optional
 * peer of a production one (the lock flags it devOptional), such as a database driver that
 * drizzle-orm can use; only a package.json without it keeps it out of a production install.
 */
export function packagesOnlyDevNeeds(dir: string): string[] {
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
  const { packages } = lock;
  const resolve = (from: string, name: string): string | undefined => {
    for (let base = from; ; ) {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
      const parent = base.lastIndexOf("/node_modules/");
      base = parent < 0 ? "" : base.slice(0, parent);
    }
  };
  const needed = new Set<string>();
  const visit = (path: string) => {
    if (needed.has(path)) return;
    needed.add(path);
    const entry = packages[path]!;
    const requiredPeers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...requiredPeers]) {
      const target = resolve(path, name);
      if (target) visit(target);
    }
  };
  visit("");
  return installedPackages(dir)
    .map(({ path }) => path)
    .filter((path) => !needed.has(path));
}

/** Files and bytes under a folder. */
export function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        files++;
        bytes += statSync(path).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

/** Nearest node_modules folder above `dir`, which Node would also resolve packages from. */
export function nodeModulesAbove(dir: string): string | undefined {
  for (let current = dirname(dir); ; current = dirname(current)) {
    if (existsSync(join(current, "node_modules"))) return join(current, "node_modules");
    if (dirname(current) === current) return undefined;
  }
}

export const formatBytes = (bytes: number) =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;
