// What Google's front end does before a request reaches Firebase Hosting, for the local stack: the
// Hosting emulator answers 500 to a path it cannot decode, a path too long for a file name and any
// chunked request body, and the Functions emulator's Express names itself on every answer. Here, as
// in production, a request the front end would refuse is refused before it, and every answer leaves
// without `x-powered-by`.
import { createServer, request as forward } from "node:http";

/**
 * Google's front end refuses request lines of some 8 KiB; the Hosting emulator already fails to
 * look a path over 4 KiB up as a file, so the local limit is that. No call of the API needs a tenth.
 */
const URL_MAX_BYTES = 4 * 1024;
/** Cloud Functions takes request bodies up to 32 MB; the API itself stops at 64 KiB. */
const BODY_MAX_BYTES = 32 * 1024 * 1024;

function refuse(request, response, status, code, detail) {
  const title = { 400: "Bad Request", 413: "Content Too Large", 414: "URI Too Long", 502: "Bad Gateway" }[status];
  if (!response.headersSent) {
    const isApi = (request.url ?? "").startsWith("/api/");
    response.writeHead(status, {
      "content-type": isApi ? "application/problem+json" : "text/plain; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
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

/**
 * Listens on `port` and passes every request on to the Hosting emulator at `target`, appending the
 * caller's address to X-Forwarded-For as Google's front end does.
 */
export function startFrontDoor({ port, host = "127.0.0.1", target }) {
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
    const upstream = forward({ host: target.host, port: target.port, method: request.method, path: url, headers }, (answer) => {
      const answerHeaders = { ...answer.headers };
      delete answerHeaders["x-powered-by"];
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(response);
    });
    upstream.on("error", () => refuse(request, response, 502, "bad_gateway", "The shop is not answering yet. Please retry shortly."));
    upstream.end(body);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
