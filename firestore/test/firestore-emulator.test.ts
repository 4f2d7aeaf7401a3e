import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  CLI_JAR_IN_SDK,
  DEFAULT_SDK_ROOT,
  findEmulatorJar,
  findFirestoreEmulator,
  findJava,
  FIRESTORE_MAIN_CLASS,
  gcloudSdkRoot,
  javaMajorVersion,
  manifestText,
  writeLauncherJar,
} from "../../scripts/firestore-emulator.mjs";

// scripts/firestore-emulator.mjs on fake folder trees: Java launchers that are shell scripts saying
// their version, an emulator jar that is any file, a gcloud that names its root.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tree(): string {
  const folder = mkdtempSync(join(tmpdir(), "toolshop-finder-"));
  folders.push(folder);
  return folder;
}

function script(path: string, body: string) {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
}

/** A JDK folder whose bin/java reports this version, as `java -version` does: on stderr. */
function fakeJdk(home: string, version: string): string {
  script(join(home, "bin", "java"), `echo 'openjdk version "${version}" 2026-04-21' >&2`);
  return home;
}

function file(path: string, text = "") {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

describe("javaMajorVersion", () => {
  it.each([
    ['openjdk version "25.0.3" 2026-04-21 LTS', 25],
    ['openjdk version "21" 2023-09-19', 21],
    ['openjdk version "17.0.15" 2025-04-15', 17],
    ['java version "1.8.0_292"', 8],
    ["no version here", null],
  ])("when java says %s, then the major version is %s", (output, major) => {
    expect(javaMajorVersion(output)).toBe(major);
  });
});

describe("findJava", () => {
  it("when PATH has Java 17 and the JVM folder has 17 and 25, then the JVM folder's 25 is found", async () => {
    const root = tree();
    const bin = join(root, "bin");
    fakeJdk(join(root, "old"), "17.0.15");
    script(join(bin, "java"), `exec ${join(root, "old", "bin", "java")} "$@"`);
    fakeJdk(join(root, "jvm", "java-17-openjdk-amd64"), "17.0.15");
    const temurin = fakeJdk(join(root, "jvm", "temurin-25-jdk-amd64"), "25.0.3");

    const java = await findJava({ env: { PATH: bin }, jvmRoot: join(root, "jvm") });

    expect(java).toMatchObject({ home: temurin, version: 25 });
  });

  it("when JAVA_HOME is Java 17 and PATH has 21, then PATH's 21 is found before the JVM folder's newer one", async () => {
    const root = tree();
    const old = fakeJdk(join(root, "old"), "17.0.15");
    const chosen = fakeJdk(join(root, "chosen"), "21.0.4");
    fakeJdk(join(root, "jvm", "temurin-25"), "25.0.3");

    const java = await findJava({ env: { JAVA_HOME: old, PATH: join(chosen, "bin") }, jvmRoot: join(root, "jvm") });

    expect(java).toMatchObject({ home: chosen, version: 21 });
  });

  it("when every Java is 17, then it is refused with what was found and what to install", async () => {
    const root = tree();
    const old = fakeJdk(join(root, "jvm", "java-17-openjdk-amd64"), "17.0.15");

    const java = await findJava({ env: { JAVA_HOME: old, PATH: "" }, jvmRoot: join(root, "jvm") });

    expect(java).not.toHaveProperty("home");
    const { reason } = java as { reason: string };
    expect(reason).toContain("needs Java 21 or newer");
    expect(reason).toContain(`Java 17 from JAVA_HOME (${old})`);
    expect(reason).toMatch(/Install a Java runtime 21 or newer/);
  });

  it("when there is no Java at all, then the reason says where it looked", async () => {
    const root = tree();
    const java = await findJava({ env: { JAVA_HOME: join(root, "nothing"), PATH: "" }, jvmRoot: join(root, "jvm") });
    expect((java as { reason: string }).reason).toContain(`no bin/java in JAVA_HOME (${join(root, "nothing")})`);
  });
});

describe("findEmulatorJar", () => {
  it("when firebase-tools has downloaded two versions, then the newest is used as it is", async () => {
    const home = tree();
    const cache = join(home, ".cache", "firebase", "emulators");
    file(join(cache, "cloud-firestore-emulator-v1.9.0.jar"));
    file(join(cache, "cloud-firestore-emulator-v1.22.0.jar"));
    file(join(cache, "cloud-storage-rules-runtime-v1.1.3.jar"));

    expect(await findEmulatorJar({ home, sdkRoot: join(home, "no-sdk") })).toEqual({ jar: join(cache, "cloud-firestore-emulator-v1.22.0.jar"), runnable: true });
  });

  it("when only the Google Cloud CLI has it, then its jar is found, to be started through a launcher", async () => {
    const home = tree();
    const sdk = join(home, "google-cloud-sdk");
    file(join(sdk, CLI_JAR_IN_SDK));

    expect(await findEmulatorJar({ home, sdkRoot: sdk })).toEqual({ jar: join(sdk, CLI_JAR_IN_SDK), runnable: false });
  });

  it("when neither has it, then the reason says what to install", async () => {
    const home = tree();
    const found = await findEmulatorJar({ home, sdkRoot: join(home, "google-cloud-sdk") });
    expect((found as { reason: string }).reason).toContain("apt-get install google-cloud-cli-firestore-emulator");
  });

  it("when gcloud is on PATH, then its installation root is asked of it; without it, the Debian package's", async () => {
    const root = tree();
    script(join(root, "bin", "gcloud"), `echo "${join(root, "sdk")}"`);
    expect(await gcloudSdkRoot({ env: { PATH: join(root, "bin") } })).toBe(join(root, "sdk"));
    expect(await gcloudSdkRoot({ env: { PATH: join(root, "nothing") } })).toBe(DEFAULT_SDK_ROOT);
  });
});

describe("the launcher jar", () => {
  const unzip = (jar: string, ...args: string[]) => execFileSync("unzip", [...args, jar], { encoding: "utf8" });
  /** A manifest's attributes, its continuation lines joined back. */
  const attributes = (manifest: string) =>
    Object.fromEntries(
      manifest
        .replace(/\r\n /g, "")
        .split("\r\n")
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(": ")), line.slice(line.indexOf(": ") + 2)]),
    );

  it("when it is written for the CLI's jar, then unzip reads back a manifest naming the main class and that jar", () => {
    const root = tree();
    const target = join(root, "google cloud sdk", CLI_JAR_IN_SDK);
    file(target);

    const launcher = writeLauncherJar(target, join(root, "cache"));

    expect(unzip(launcher, "-tq")).toMatch(/No errors detected/);
    const manifest = unzip(launcher, "-p").toString();
    expect(attributes(manifest)).toMatchObject({
      "Manifest-Version": "1.0",
      "Main-Class": FIRESTORE_MAIN_CLASS,
      "Class-Path": pathToFileURL(target).href,
    });
    expect(pathToFileURL(target).href).toContain("google%20cloud%20sdk");
  });

  it("when written twice for the same jar, then the file is left as it was", () => {
    const root = tree();
    const target = join(root, "emulator.jar");
    file(target);
    const launcher = writeLauncherJar(target, join(root, "cache"));
    const before = statSync(launcher).mtimeMs;
    const bytes = readFileSync(launcher);

    writeLauncherJar(target, join(root, "cache"));

    expect(statSync(launcher).mtimeMs).toBe(before);
    expect(readFileSync(launcher).equals(bytes)).toBe(true);
  });

  it("when a value is longer than a manifest line, then it is carried on lines of at most 72 bytes that start with a space", () => {
    const text = manifestText({ "Class-Path": `file:///${"a".repeat(200)}.jar` });
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(72);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(text.endsWith("\r\n\r\n")).toBe(true);
  });
});

describe("findFirestoreEmulator", () => {
  it("when the machine has Java 25 among its JVMs and the CLI's emulator, then the environment puts Java first and names the launcher", async () => {
    const root = tree();
    const temurin = fakeJdk(join(root, "jvm", "temurin-25-jdk-amd64"), "25.0.3");
    const sdk = join(root, "sdk");
    file(join(sdk, CLI_JAR_IN_SDK));

    const found = await findFirestoreEmulator({ env: { PATH: "/usr/bin" }, home: root, jvmRoot: join(root, "jvm"), sdkRoot: sdk, cacheDir: join(root, "cache") });

    expect(found).toMatchObject({
      env: {
        JAVA_HOME: temurin,
        PATH: [join(temurin, "bin"), "/usr/bin"].join(delimiter),
        FIRESTORE_EMULATOR_BINARY_PATH: join(root, "cache", "cloud-firestore-emulator-launcher.jar"),
      },
      jar: join(sdk, CLI_JAR_IN_SDK),
    });
  });

  it("when both Java and the emulator are missing, then the reason names both", async () => {
    const root = tree();
    const found = await findFirestoreEmulator({ env: { PATH: "" }, home: root, jvmRoot: join(root, "jvm"), sdkRoot: join(root, "sdk"), cacheDir: join(root, "cache") });
    const { reason } = found as { reason: string };
    expect(reason).toContain("Java 21 or newer");
    expect(reason).toContain("The Firestore emulator is not installed");
  });
});
