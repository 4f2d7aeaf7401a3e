import { createRequire } from "node:module";
import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type AggregateQuery as AggregateQueryType, type AggregateSpec, Query, Transaction } from "firebase-admin/firestore";
import type { RecordedShape } from "./firestore-index-rules.js";
import { type QueryShape, shapeKey, shapesOfQuery } from "./firestore-query-shape.js";

/**
 * Records the shape of every query the store layer runs, at the Admin SDK's entry points, so the
 * check after the suite can tell whether `firestore.indexes.json` serves them: the emulator runs any
 * query without its index, and production fails it. Queries the tests make themselves to look at
 * the data are not the store's and are left out: a query counts when the first code outside
 * node_modules that runs it is under `src/`.
 */

const functionsDir = fileURLToPath(new URL("../../", import.meta.url));
const sourceDir = `${functionsDir}src${sep}`;
const plumbingDir = `${sourceDir}firestore${sep}`;
const thisFile = fileURLToPath(import.meta.url);

// The SDK declares AggregateQuery but does not export it: it is taken from where firebase-admin loads it.
const requireAsAdmin = createRequire(createRequire(import.meta.url).resolve("firebase-admin/firestore"));
const { AggregateQuery } = requireAsAdmin("@google-cloud/firestore/build/src/reference/aggregate-query.js") as { AggregateQuery: typeof AggregateQueryType };

export interface Recording {
  shapes: Map<string, RecordedShape>;
}

// The SDK's prototypes outlive a test file's modules in a worker, so the patch and what it records
// live on the process, once.
const RECORDING = Symbol.for("toolshop.firestoreQueryRecording");
type WithRecording = typeof globalThis & { [RECORDING]?: Recording };

/**
 * Where the store made the query: null unless the first frame outside node_modules and this file is
 * under `src/`; then the first frame past the shared Firestore plumbing (`src/firestore/`), the
 * repository's, as `src/…:line`.
 */
function storeCallSite(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  const frames = stack
    .split("\n")
    .slice(1)
    .flatMap((line) => {
      const frame = /\(?(?:file:\/\/)?(\/[^()]+?):(\d+):\d+\)?$/.exec(line.trim());
      return frame ? [{ file: frame[1]!, line: frame[2]! }] : [];
    })
    .filter((frame) => frame.file !== thisFile && !frame.file.includes(`${sep}node_modules${sep}`));
  if (!frames[0]?.file.startsWith(sourceDir)) return null;
  const inSource = frames.filter((frame) => frame.file.startsWith(sourceDir));
  const site = inSource.find((frame) => !frame.file.startsWith(plumbingDir)) ?? frames[0];
  return `${relative(functionsDir, site.file)}:${site.line}`;
}

function record(recording: Recording, query: Query | AggregateQueryType<AggregateSpec>): void {
  const site = storeCallSite();
  if (site === null) return;
  let shapes: QueryShape[];
  try {
    shapes = shapesOfQuery(query);
  } catch {
    return; // the SDK refuses the query itself, and the store's call fails with its error
  }
  for (const shape of shapes) {
    const key = shapeKey(shape);
    const known = recording.shapes.get(key);
    if (!known) recording.shapes.set(key, { shape, sites: [site] });
    else if (!known.sites.includes(site)) known.sites.push(site);
  }
}

function wrap<T extends object>(prototype: T, method: keyof T & string, before: (self: T, args: unknown[]) => void): void {
  const original = prototype[method];
  if (typeof original !== "function") throw new Error(`The Firestore SDK has no ${method}() to record queries at: update the query recorder`);
  Object.defineProperty(prototype, method, {
    configurable: true,
    writable: true,
    value: function (this: T, ...args: unknown[]) {
      before(this, args);
      return (original as (...rest: unknown[]) => unknown).apply(this, args);
    },
  });
}

/** Starts recording in this process (once), and returns what it records. */
export function recordStoreQueries(): Recording {
  const global = globalThis as WithRecording;
  if (global[RECORDING]) return global[RECORDING];
  for (const prototype of [Query.prototype, AggregateQuery.prototype]) {
    if (typeof (prototype as unknown as { toProto?: unknown }).toProto !== "function") {
      throw new Error("The Firestore SDK's queries have no toProto() to read their shape from: update the query recorder");
    }
  }
  const recording: Recording = { shapes: new Map() };
  global[RECORDING] = recording;
  const onQuery = (self: object) => record(recording, self as Query | AggregateQueryType<AggregateSpec>);
  for (const method of ["get", "stream", "onSnapshot", "explain", "explainStream"] as const) wrap(Query.prototype, method, onQuery);
  for (const method of ["get", "explain"] as const) wrap(AggregateQuery.prototype, method, onQuery);
  // A transaction runs a query after awaiting its start, where the caller is no longer on the stack.
  wrap(Transaction.prototype, "get", (_, [read]) => {
    if (read instanceof Query || read instanceof AggregateQuery) onQuery(read);
  });
  return recording;
}

/** What was recorded since the last call. */
export function takeRecordedShapes(recording: Recording): RecordedShape[] {
  const shapes = [...recording.shapes.values()];
  recording.shapes.clear();
  return shapes;
}
