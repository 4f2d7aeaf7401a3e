// Loaded into the API server on Firestore by `npm run bench` (node --import): counts what the
// server's Firestore client reads, as Firestore bills it (a document returned by a query or a get,
// found or missing; a query that returns none; an aggregation), by collection, and answers the
// counts, the process's CPU time and its memory on BENCH_READS_PORT. The shop's code is unchanged.
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { Firestore, Query } = require("@google-cloud/firestore");

/** Reads by collection id (a subcollection's own id). */
const reads = {};
const count = (collection) => (reads[collection] = (reads[collection] ?? 0) + 1);

/** "projects/p/databases/(default)/documents/tools/abc" is in `tools`. */
const collectionOf = (name) => name.split("/").at(-2);

const snapshot = Firestore.prototype.snapshot_;
Firestore.prototype.snapshot_ = function (documentOrName, ...rest) {
  count(collectionOf(typeof documentOrName === "string" ? documentOrName : documentOrName.name));
  return snapshot.call(this, documentOrName, ...rest);
};

const get = Query.prototype._get;
Query.prototype._get = async function (...args) {
  const response = await get.apply(this, args);
  if (response.result?.size === 0) count(this._queryOptions.collectionId);
  return response;
};

const requestStream = Firestore.prototype.requestStream;
Firestore.prototype.requestStream = function (method, bidirectional, request, ...rest) {
  if (method === "runAggregationQuery") count(request.structuredAggregationQuery?.structuredQuery?.from?.[0]?.collectionId ?? "?");
  return requestStream.call(this, method, bidirectional, request, ...rest);
};

/** The heap after a full collection (node --expose-gc), so what is measured is what the process keeps. */
function memory() {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsedMb: heapUsed / 2 ** 20, rssMb: rss / 2 ** 20 };
}

function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const server = createServer((request, response) => {
  const body = request.url === "/memory" ? memory() : { reads, cpuMs: cpuMs() };
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
});
server.unref();
server.listen(Number(process.env.BENCH_READS_PORT), "127.0.0.1");
