import { writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, inject } from "vitest";
import { recordStoreQueries, takeRecordedShapes } from "./firestore-query-recorder.js";

// The firestore project's setup file: each test file leaves the shapes of the queries its store made
// in the run's folder, for the check after the suite (check-firestore-indexes.ts).
const recording = recordStoreQueries();

afterAll(async (suite) => {
  const testFile = relative(process.cwd(), suite.file.filepath).replaceAll(/[\\/]/g, "__");
  await writeFile(join(inject("firestoreQueryShapes"), `${testFile}.json`), JSON.stringify(takeRecordedShapes(recording), null, 1));
});
