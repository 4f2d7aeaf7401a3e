// Finds what the Firestore emulator needs on this machine: Java 21 or newer, as firebase-tools asks
// for, and the emulator's jar. Nothing is assumed to be on PATH: a machine may have an older Java
// there and a newer one among its JVMs. firebase-tools runs the emulator with `java -jar`, so the
// Google Cloud CLI's jar, which names no Main-Class, is started through a jar of our own whose
// manifest names the class and puts the CLI's jar on the class path.
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { crc32 } from "node:zlib";

/** firebase-tools refuses older runtimes for its emulators (MIN_SUPPORTED_JAVA_MAJOR_VERSION). */
export const MIN_JAVA_MAJOR = 21;
export const FIRESTORE_MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";
/** Where the Google Cloud CLI keeps the emulator, under its installation root. */
export const CLI_JAR_IN_SDK = join("platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar");
export const DEFAULT_SDK_ROOT = "/usr/lib/google-cloud-sdk";
export const DEFAULT_JVM_ROOT = "/usr/lib/jvm";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_CACHE_DIR = join(root, ".data", "firestore-emulator");
const LAUNCHER_NAME = "cloud-firestore-emulator-launcher.jar";

/**
 * @typedef {{ reason: string }} Missing what is missing and what to install, in plain words
 * @typedef {{ home: string, version: number, binary: string }} FoundJava
 * @typedef {{ jar: string, runnable: boolean }} FoundJar
 * @typedef {{ JAVA_HOME: string, PATH: string, FIRESTORE_EMULATOR_BINARY_PATH: string }} EmulatorEnv
 */

const INSTALL_JAVA =
  `Install a Java runtime ${MIN_JAVA_MAJOR} or newer (Eclipse Temurin ${MIN_JAVA_MAJOR} or 25, or your system's openjdk-${MIN_JAVA_MAJOR}-jre-headless or newer) ` +
  `and put its bin folder on PATH, or set JAVA_HOME to it.`;
const INSTALL_EMULATOR =
  "Install the Google Cloud CLI's emulator (Debian: `apt-get install google-cloud-cli-firestore-emulator`; " +
  "elsewhere `gcloud components install cloud-firestore-emulator`), or, with the network, let firebase-tools fetch its own: " +
  "`npx firebase setup:emulators:firestore`.";

function run(file, args) {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 20_000 }, (error, stdout, stderr) => resolve({ ok: !error, stdout: String(stdout), stderr: String(stderr) }));
  });
}

const isExecutable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The major version `java -version` reports: `"25.0.3"` is 25, `"21"` is 21, and the old scheme's
 * `"1.8.0_292"` is 8. Null when it says nothing recognisable.
 */
/** @param {string} versionOutput @returns {number | null} */
export function javaMajorVersion(versionOutput) {
  const match = /version "(\d+)(?:\.(\d+))?[^"]*"/.exec(versionOutput);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
}

/** The java binary of each place to look, in order: JAVA_HOME, then PATH, then every JVM folder. */
function javaCandidates({ javaHome, path, jvmRoot }) {
  const candidates = [];
  if (javaHome) candidates.push({ kind: "JAVA_HOME", from: `JAVA_HOME (${javaHome})`, binary: join(javaHome, "bin", "java") });
  for (const folder of (path ?? "").split(delimiter).filter(Boolean)) {
    const binary = join(folder, "java");
    if (isExecutable(binary)) {
      candidates.push({ kind: "PATH", from: `PATH (${binary})`, binary });
      break;
    }
  }
  let folders = [];
  try {
    folders = readdirSync(jvmRoot).filter((name) => !name.startsWith("."));
  } catch {
    // No JVM folder on this machine.
  }
  for (const name of folders.sort()) candidates.push({ kind: "system", from: join(jvmRoot, name), binary: join(jvmRoot, name, "bin", "java") });
  return candidates;
}

/**
 * Java 21 or newer: JAVA_HOME's first, then the `java` on PATH, then the newest under the system's
 * JVM folder. Answers `{ home, version, binary }`, or `{ reason }` naming what was found and what to
 * install.
 * @param {{ env?: Record<string, string | undefined>, jvmRoot?: string }} [options] `JAVA_HOME` and `PATH` are read from `env`
 * @returns {Promise<FoundJava | Missing>}
 */
export async function findJava({ env = process.env, jvmRoot = DEFAULT_JVM_ROOT } = {}) {
  const javaHome = env.JAVA_HOME;
  const seen = new Set();
  const notes = [];
  let best = null;
  for (const candidate of javaCandidates({ javaHome, path: env.PATH, jvmRoot })) {
    if (!isExecutable(candidate.binary)) {
      if (candidate.kind === "JAVA_HOME") notes.push(`no bin/java in JAVA_HOME (${javaHome})`);
      continue;
    }
    const binary = realpathSync(candidate.binary);
    if (seen.has(binary)) continue;
    seen.add(binary);
    // `java -version` writes to stderr; a launcher that cannot start says so there too.
    const { stdout, stderr } = await run(binary, ["-version"]);
    const version = javaMajorVersion(`${stderr}\n${stdout}`);
    if (version === null) continue;
    if (version < MIN_JAVA_MAJOR) {
      notes.push(`Java ${version} from ${candidate.from}`);
      continue;
    }
    const found = { home: dirname(dirname(binary)), version, binary };
    // JAVA_HOME and PATH are the person's choice: the first good one of those wins. Among the
    // system's JVMs, the newest.
    if (candidate.kind !== "system") return found;
    if (!best || version > best.version) best = found;
  }
  if (best) return best;
  const looked = notes.length > 0 ? `found ${notes.join(", ")}` : `found none in JAVA_HOME, on PATH or under ${jvmRoot}`;
  return { reason: `The Firestore emulator needs Java ${MIN_JAVA_MAJOR} or newer, and this machine has none: ${looked}. ${INSTALL_JAVA}` };
}

/** "1.22.0" from "cloud-firestore-emulator-v1.22.0.jar", as numbers to compare. */
const jarVersion = (name) => (/(\d+(?:\.\d+)*)\.jar$/.exec(name)?.[1] ?? "0").split(".").map(Number);
const newerFirst = (a, b) => {
  const [x, y] = [jarVersion(a), jarVersion(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
  return 0;
};

/**
 * The Google Cloud CLI's installation root: asked of gcloud when it is on PATH, else the Debian package's.
 * @param {{ env?: Record<string, string | undefined> }} [options] `PATH` is read from `env`
 * @returns {Promise<string>}
 */
export async function gcloudSdkRoot({ env = process.env } = {}) {
  const gcloud = (env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, "gcloud"))
    .find(isExecutable);
  if (gcloud) {
    const { ok, stdout } = await run(gcloud, ["info", "--format=value(installation.sdk_root)"]);
    const sdkRoot = stdout.trim();
    if (ok && sdkRoot) return sdkRoot;
  }
  return DEFAULT_SDK_ROOT;
}

/**
 * The emulator's jar: firebase-tools' own download first (the newest), which runs as it is, then
 * the Google Cloud CLI's, which needs a launcher (`runnable: false`). Answers `{ jar, runnable }` or
 * `{ reason }`.
 * @param {{ env?: Record<string, string | undefined>, home?: string, sdkRoot?: string }} [options]
 * @returns {Promise<FoundJar | Missing>}
 */
export async function findEmulatorJar({ env = process.env, home = homedir(), sdkRoot } = {}) {
  const cache = join(home, ".cache", "firebase", "emulators");
  let downloaded = [];
  try {
    downloaded = readdirSync(cache).filter((name) => /^cloud-firestore-emulator-.*\.jar$/.test(name));
  } catch {
    // firebase-tools has downloaded nothing here.
  }
  if (downloaded.length > 0) return { jar: join(cache, downloaded.sort(newerFirst)[0]), runnable: true };
  const cliRoot = sdkRoot ?? (await gcloudSdkRoot({ env }));
  const cliJar = join(cliRoot, CLI_JAR_IN_SDK);
  if (existsSync(cliJar)) return { jar: cliJar, runnable: false };
  return { reason: `The Firestore emulator is not installed: neither firebase-tools' download (${cache}) nor the Google Cloud CLI's (${cliJar}) is there. ${INSTALL_EMULATOR}` };
}

/**
 * A manifest's lines as the JAR specification wants them: at most 72 bytes each, a longer value
 * carried on over lines that start with one space.
 * @param {Record<string, string>} attributes
 * @returns {string}
 */
export function manifestText(attributes) {
  const lines = [];
  for (const [name, value] of Object.entries(attributes)) {
    let rest = Buffer.from(`${name}: ${value}`, "utf8");
    let width = 72;
    let prefix = "";
    while (rest.length > 0) {
      // Never cut inside a UTF-8 character: back off continuation bytes.
      let cut = Math.min(width, rest.length);
      while (cut < rest.length && (rest[cut] & 0xc0) === 0x80) cut--;
      lines.push(prefix + rest.subarray(0, cut).toString("utf8"));
      rest = rest.subarray(cut);
      width = 71;
      prefix = " ";
    }
  }
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * A zip archive of the given files, stored uncompressed: all a JVM needs of a jar.
 * @param {{ name: string, data: Buffer }[]} files
 * @returns {Buffer}
 */
export function zipStored(files) {
  // 1980-01-01 00:00, the earliest time a zip can hold: the same bytes on every run.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  /** The fields a local header and a central header share, in the same order: version needed, flags, method, time, date, crc, sizes, name length. */
  const writeShared = (header, at, crc, size, nameLength) => {
    header.writeUInt16LE(10, at); // version needed: 1.0
    header.writeUInt16LE(0x0800, at + 2); // names are UTF-8
    header.writeUInt16LE(0, at + 4); // stored
    header.writeUInt16LE(dosTime, at + 6);
    header.writeUInt16LE(dosDate, at + 8);
    header.writeUInt32LE(crc, at + 10);
    header.writeUInt32LE(size, at + 14);
    header.writeUInt32LE(size, at + 18);
    header.writeUInt16LE(nameLength, at + 22);
  };
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4, crc, data.length, nameBytes.length);
    locals.push(local, nameBytes, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by: 2.0
    writeShared(central, 6, crc, data.length, nameBytes.length);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * Writes (when it differs) a jar holding only a manifest that starts the emulator's main class from
 * `targetJar`, and returns its path.
 * @param {string} targetJar
 * @param {string} [cacheDir]
 * @returns {string}
 */
export function writeLauncherJar(targetJar, cacheDir = DEFAULT_CACHE_DIR) {
  const manifest = manifestText({
    "Manifest-Version": "1.0",
    "Main-Class": FIRESTORE_MAIN_CLASS,
    "Class-Path": pathToFileURL(targetJar).href,
    "Created-By": "toolshop scripts/firestore-emulator.mjs",
  });
  const jar = zipStored([
    { name: "META-INF/", data: Buffer.alloc(0) },
    { name: "META-INF/MANIFEST.MF", data: Buffer.from(manifest, "utf8") },
  ]);
  mkdirSync(cacheDir, { recursive: true });
  const launcher = join(cacheDir, LAUNCHER_NAME);
  const current = existsSync(launcher) ? readFileSync(launcher) : null;
  if (!current || !current.equals(jar)) writeFileSync(launcher, jar, { mode: 0o755 });
  return launcher;
}

/**
 * What `firebase emulators:* --only firestore` needs in its environment on this machine:
 * `{ env: { JAVA_HOME, PATH, FIRESTORE_EMULATOR_BINARY_PATH }, java, jar }`, PATH with Java's bin
 * first; or `{ reason }`, in plain words, of what is missing and what to install.
 * @param {{ env?: Record<string, string | undefined>, home?: string, jvmRoot?: string, sdkRoot?: string, cacheDir?: string }} [options]
 * @returns {Promise<{ env: EmulatorEnv, java: FoundJava, jar: string } | Missing>}
 */
export async function findFirestoreEmulator({ env = process.env, home = homedir(), jvmRoot = DEFAULT_JVM_ROOT, sdkRoot, cacheDir = DEFAULT_CACHE_DIR } = {}) {
  const [java, emulator] = await Promise.all([
    findJava({ env, jvmRoot }),
    findEmulatorJar({ env, home, sdkRoot }),
  ]);
  const reasons = [java.reason, emulator.reason].filter(Boolean);
  if (reasons.length > 0) return { reason: reasons.join("\n") };
  const binary = emulator.runnable ? emulator.jar : writeLauncherJar(emulator.jar, cacheDir);
  return {
    env: {
      JAVA_HOME: java.home,
      PATH: [join(java.home, "bin"), env.PATH].filter(Boolean).join(delimiter),
      FIRESTORE_EMULATOR_BINARY_PATH: binary,
    },
    java,
    jar: emulator.jar,
  };
}

// `node scripts/firestore-emulator.mjs`: says what was found, or what is missing, and fails then.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const found = await findFirestoreEmulator();
  if ("reason" in found) {
    console.error(found.reason);
    process.exit(1);
  }
  console.log(`Firestore emulator: Java ${found.java.version} (${found.java.home}), ${found.jar}`);
}
