import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { z } from "zod";
import { checkIndexes, describeIndex, type IndexFile, mergeRecorded, type RecordedShape, reportMissing } from "./firestore-index-rules.js";

/**
 * The firestore project's global setup. Before the suite it makes a folder for this run in
 * the system's temporary folder, where each test file leaves the shapes of the queries its
 * store made (record-firestore-queries.ts); after the suite it fails the run when
 * `firestore.indexes.json` lacks an index one of them needs, naming the queries and the index to add,
 * since the emulator serves any query and production fails it.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of this run's recorded query shapes. */
    firestoreQueryShapes: string;
  }
}

const functionsDir = fileURLToPath(new URL("../../", import.meta.url));
// Outside the function's folder, which `firebase deploy` uploads whole but for functions.ignore.
const shapesRoot = join(tmpdir(), "toolshop-firestore-query-shapes");
const indexFilePath = join(functionsDir, "..", "firestore.indexes.json");

const direction = z.enum(["ASCENDING", "DESCENDING"]);
const queryScope = z.enum(["COLLECTION", "COLLECTION_GROUP"]);
const indexFileSchema: z.ZodType<IndexFile> = z.object({
  indexes: z.array(
    z.object({
      collectionGroup: z.string(),
      queryScope,
      fields: z.array(z.union([z.object({ fieldPath: z.string(), order: direction }), z.object({ fieldPath: z.string(), arrayConfig: z.literal("CONTAINS") })])),
    }),
  ),
  fieldOverrides: z
    .array(
      z.object({
        collectionGroup: z.string(),
        fieldPath: z.string(),
        ttl: z.boolean().optional(),
        indexes: z.array(
          z.union([
            z.object({ order: direction, queryScope: queryScope.optional() }),
            z.object({ arrayConfig: z.literal("CONTAINS"), queryScope: queryScope.optional() }),
          ]),
        ),
      }),
    )
    .optional(),
});
const filterOp = z.enum([
  "EQUAL",
  "IN",
  "IS_NULL",
  "IS_NAN",
  "ARRAY_CONTAINS",
  "ARRAY_CONTAINS_ANY",
  "LESS_THAN",
  "LESS_THAN_OR_EQUAL",
  "GREATER_THAN",
  "GREATER_THAN_OR_EQUAL",
  "NOT_EQUAL",
  "NOT_IN",
  "IS_NOT_NULL",
  "IS_NOT_NAN",
]);
const recordedSchema: z.ZodType<RecordedShape[]> = z.array(
  z.object({
    shape: z.object({
      collectionGroup: z.string(),
      queryScope,
      filters: z.array(z.object({ fieldPath: z.string(), op: filterOp })),
      orderBy: z.array(z.object({ fieldPath: z.string(), direction })),
      aggregates: z.array(z.string()),
    }),
    sites: z.array(z.string()),
  }),
);

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The folders of earlier runs: each run keeps its own until the next starts, for a look at what it recorded. */
async function removeFinishedRuns(): Promise<void> {
  const runs = await readdir(shapesRoot).catch(() => []);
  for (const run of runs) {
    const pid = Number(/^run-\d+-(\d+)$/.exec(run)?.[1]);
    if (!pid || !isRunning(pid)) await rm(join(shapesRoot, run), { recursive: true, force: true });
  }
}

async function readRecorded(runDir: string): Promise<RecordedShape[]> {
  const files = (await readdir(runDir)).filter((name) => name.endsWith(".json"));
  return mergeRecorded(await Promise.all(files.map(async (name) => recordedSchema.parse(JSON.parse(await readFile(join(runDir, name), "utf8"))))));
}

/** Whether every test file of the project ran: only then is an index no query used worth a word. */
async function ranEveryFile(project: TestProject): Promise<boolean> {
  const ran = project.vitest.state.getFiles().filter((file) => file.projectName === project.name).length;
  return ran >= (await project.globTestFiles()).testFiles.length;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await removeFinishedRuns();
  const runDir = join(shapesRoot, `run-${Date.now()}-${process.pid}`);
  await mkdir(runDir, { recursive: true });
  project.provide("firestoreQueryShapes", runDir);

  return async function checkFirestoreIndexes() {
    const recorded = await readRecorded(runDir);
    const { missing, unused } = checkIndexes(recorded, indexFileSchema.parse(JSON.parse(await readFile(indexFilePath, "utf8"))));
    const wholeSuite = await ranEveryFile(project);
    if (missing.length > 0) {
      console.error(
        `\nfirestore.indexes.json lacks ${missing.length} index(es) that queries of the store need; production fails the first request that makes one:\n` +
          `${reportMissing(missing)}\n`,
      );
      process.exitCode = 1;
      return;
    }
    if (wholeSuite && recorded.length === 0) {
      console.error(`\nNo query of the store was recorded while the firestore project ran: the query recorder no longer sees them.\n`);
      process.exitCode = 1;
      return;
    }
    if (wholeSuite && unused.length > 0) {
      console.warn(`\nfirestore.indexes.json has ${unused.length} index(es) no query of the tests used:\n${unused.map((index) => `- ${describeIndex(index)}`).join("\n")}\n`);
    }
  };
}
