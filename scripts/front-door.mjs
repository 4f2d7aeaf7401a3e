// What Google's front end does before a request reaches Firebase Hosting, for the local stack: the
// Hosting emulator answers 500 to a path it cannot decode, a path too long for a file name and any
// chunked request body, and the Functions emulator's Express names itself on every answer. Here, as
// in production, a request the front end would refuse is refused before it, and every answer leaves
// without `x-powered-by`. API calls pass a bounded queue, as the deployed function serves a bounded
// number at once: the Functions emulator would start a worker process for each one of a burst.
import { createServer, request as forward } from "node:http";
import { createRequestQueue } from "./request-queue.mjs";

/**
 * Google's front end refuses request lines of some 8 KiB; the Hosting emulator already fails to
 * look a path over 4 KiB up as a file, so the local limit is that. No call of the API needs a tenth.
 */
const URL_MAX_BYTES = 4 * 1024;
/** Cloud Functions takes request bodies up to 32 MB; the API itself stops at 64 KiB. */
const BODY_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The API calls let through at once: one per emulator worker, and as many workers as the deployed
 * function has instances (API_MAX_INSTANCES, default 4), so that the workers' database pools stay
 * within the connection budget they are sized for (config/connection-budget.ts).
 */
export const API_CONCURRENCY = 4;
/**
 * The calls that may wait for a place: what the deployed function takes at once (concurrency 80 on
 * each of 4 instances, config/function-options.ts). Past it, or past the wait, a call gets 503.
 */
export const API_QUEUE_MAX = 320;
/** The Hosting emulator's proxy gives up after 60 s; a call that waited that long gets its 503 here. */
export const API_QUEUE_WAIT_MS = 60_000;
/** What a refused caller is told to wait: a queue this long drains in a few seconds. */
const QUEUE_RETRY_AFTER_SECONDS = 5;

function refuse(request, response, status, code, detail, extraHeaders = {}) {
  const title = { 400: "Bad Request", 413: "Content Too Large", 414: "URI Too Long", 502: "Bad Gateway", 503: "Service Unavailable" }[status];
  if (!response.headersSent) {
    const isApi = (request.url ?? "").startsWith("/api/");
    response.writeHead(status, {
      "content-type": isApi ? "application/problem+json" : "text/plain; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
      ...extraHeaders,
    });
    response.end(isApi ? JSON.stringify({ type: "about:blank", status, title, detail, code }) : `${title}\n`);
  } else {
    response.destroy();
  }
  request.resume();
}

function decodablePath(url) {
  const path = url.split("?")[0];
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

/** Reads the whole body, so the emulator gets it with a Content-Length, as the front end sends it. */
function readBody(request, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) reject(Object.assign(new Error("too large"), { tooLarge: true }));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** A signal that aborts when the caller closes the connection before its answer was sent. */
function callerGone(response) {
  const gone = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) gone.abort();
  });
  return gone.signal;
}

/**
 * Listens on `port` and passes every request on to the Hosting emulator at `target`, appending the
 * caller's address to X-Forwarded-For as Google's front end does. At most `apiConcurrency` calls to
 * `/api/` are with the emulators at once; up to `apiQueueMax` more wait, each at most `apiQueueWaitMs`,
 * in the order they came, and leave the queue if their caller goes away. Pages and files do not wait.
 */
export function startFrontDoor({
  port,
  host = "127.0.0.1",
  target,
  apiConcurrency = API_CONCURRENCY,
  apiQueueMax = API_QUEUE_MAX,
  apiQueueWaitMs = API_QUEUE_WAIT_MS,
}) {
  const apiQueue = createRequestQueue({ concurrency: apiConcurrency, maxQueued: apiQueueMax, maxWaitMs: apiQueueWaitMs });
  const server = createServer(async (request, response) => {
    const url = request.url ?? "/";
    if (Buffer.byteLength(url) > URL_MAX_BYTES) return refuse(request, response, 414, "uri_too_long", "The address is too long.");
    if (!decodablePath(url)) return refuse(request, response, 400, "invalid_url", "The address is not valid percent-encoding.");
    let body;
    try {
      body = await readBody(request, BODY_MAX_BYTES);
    } catch (error) {
      if (error.tooLarge) return refuse(request, response, 413, "body_too_large", "The request body is too large.");
      return refuse(request, response, 400, "bad_request", "The request body could not be read.");
    }
    const headers = { ...request.headers, host: request.headers.host ?? `${host}:${port}` };
    delete headers["transfer-encoding"];
    delete headers.connection;
    headers["content-length"] = String(body.length);
    const seen = request.socket.remoteAddress ?? "";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${seen}` : seen;

    // The body is read before the call waits, so a slow sender holds no place.
    let release = () => undefined;
    if (url.startsWith("/api/")) {
      const place = await apiQueue.enter(callerGone(response));
      if (!place.admitted) {
        if (place.reason === "gone") return response.destroy();
        return refuse(request, response, 503, "unavailable", "The shop is busy. Please retry in a few seconds.", {
          "retry-after": String(QUEUE_RETRY_AFTER_SECONDS),
        });
      }
      release = place.release;
    }
    const upstream = forward({ host: target.host, port: target.port, method: request.method, path: url, headers }, (answer) => {
      const answerHeaders = { ...answer.headers };
      delete answerHeaders["x-powered-by"];
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(response);
      // A caller that left still has its answer read to the end, so the exchange (and its place) ends.
      response.once("close", () => answer.resume());
    });
    // The place is the emulators' to use until they have answered in full, or failed to.
    upstream.once("close", release);
    upstream.on("error", () => refuse(request, response, 502, "bad_gateway", "The shop is not answering yet. Please retry shortly."));
    upstream.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
