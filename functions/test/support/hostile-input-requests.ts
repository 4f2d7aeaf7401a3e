// Hostile requests and what a client must get back: the same list runs against the plain server
// (security/hostile-input.test.ts) and against a running stack (e2e/support/hostile-requests.ts). Node's
// built-ins only, so both projects can import it; requests go out byte for byte as written here
// (no URL normalising, no automatic headers), through node:http and, for what is not HTTP, a socket.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HostileRequest {
  /** Read as "when <name>, then ...". */
  name: string;
  method: string;
  /** Sent exactly as written, percent-encoding and all. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent in pieces with no Content-Length. */
  chunked?: boolean;
  /** A request that is not valid HTTP, written to a socket as it is; `method` and `path` only name it. */
  rawHttp?: string;
  expect: { status: number; code: string };
  /**
   * Where Cloud Functions (its Express and body-parser, in production and in the Functions
   * emulator) answers before the app: the status it gives, and who gives it and why.
   */
  platform?: BeforeTheApp;
  /** Where the local emulators of `npm start` answer before the app, differently from production. */
  emulators?: BeforeTheApp;
}

export interface BeforeTheApp {
  status: number;
  by: string;
}

/**
 * What stands in front of the app: nothing (the plain server), Cloud Functions (a deployment), or
 * the local stack of `npm start` (its front door, the Hosting emulator, then the Functions emulator).
 */
export type Via = "plain-server" | "cloud-functions" | "firebase-emulators";

export interface HostileRequestOptions {
  /** The API access token of a signed-in buyer (what PUT /api/user/{email} returns). */
  signInToken?: string;
  /**
   * A Firebase account whose email is 254 characters long (the longest address), with a fresh ID
   * token: its sign-in exchange must succeed.
   */
  longEmailAccount?: { email: string; idToken: string };
  /** What stands in front of the app; the plain server when left out. */
  via?: Via;
}

/** An address of exactly `length` characters (at least 8), lower case, that Firebase Auth accepts: labels of at most 63. */
export function emailOfLength(length: number, seed = Math.random().toString(16).slice(2, 10)): string {
  const local = `${seed}${"a".repeat(64)}`.slice(0, Math.min(64, length - 7));
  const labels: string[] = [];
  let left = length - local.length - 1 - ".test".length;
  while (left > 0) {
    let size = Math.min(63, left);
    if (left - size === 1) size -= 1;
    labels.push("bcdefgh"[labels.length % 7]!.repeat(size));
    left -= size + 1;
  }
  return `${local}@${labels.join(".")}.test`;
}

const percentEncodeAll = (text: string) =>
  Array.from(Buffer.from(text, "utf8"), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");

const json = { "content-type": "application/json" };
const nested = (depth: number, open: string, close: string, inner = "1") => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part))));

const validEmail = "hostile-check@toolshop.test";

const bodyParser = (why: string, status = 400): BeforeTheApp => ({ status, by: `Cloud Functions' body-parser ${why}` });
const expressDecode: BeforeTheApp = { status: 400, by: "Cloud Functions' Express cannot percent-decode the path it routes on" };
const signInPath = `/api/user/${encodeURIComponent(validEmail)}`;

/** Decodes the email an API token was issued for, so its owner's profile can be checked unchanged. */
function emailOfToken(token: string): string | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { email?: unknown };
    return typeof payload.email === "string" ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

/** Every hostile request a visitor can send, plus those of a signed-in buyer when a token is given. */
export function hostileRequests(options: HostileRequestOptions = {}): HostileRequest[] {
  const longEmail = emailOfLength(254);
  const tooLongEmail = emailOfLength(255);
  const smallJson = JSON.stringify({ email: validEmail });
  const requests: HostileRequest[] = [
    // JSON nested thousands deep: today's stack overflow. Parsing refuses it before anything walks it.
    { name: "a body is JSON arrays nested 10,000 deep", method: "PUT", path: signInPath, headers: json, body: nested(10_000, "[", "]"), expect: { status: 400, code: "json_too_deep" } },
    { name: "a body is JSON objects nested 10,000 deep", method: "PUT", path: signInPath, headers: json, body: nested(10_000, '{"a":', "}"), expect: { status: 400, code: "json_too_deep" } },
    { name: "a field holds JSON nested 20,000 deep", method: "PUT", path: signInPath, headers: json, body: `{"email":${nested(20_000, "[", "]")}}`, expect: { status: 400, code: "json_too_deep" } },
    { name: "a deep body goes to a route that does not exist", method: "POST", path: "/api/no-such-route", headers: json, body: nested(10_000, "[", "]"), expect: { status: 400, code: "json_too_deep" } },
    { name: "a deep body goes to a route that needs sign-in", method: "POST", path: "/api/reviews", headers: json, body: nested(10_000, "[", "]"), expect: { status: 401, code: "unauthorized" } },
    {
      name: "a body is malformed JSON",
      method: "PUT",
      path: signInPath,
      headers: json,
      body: '{"email": ',
      expect: { status: 400, code: "invalid_json" },
      platform: bodyParser("fails to parse it"),
    },
    {
      name: "a JSON body is a bare string",
      method: "PUT",
      path: signInPath,
      headers: json,
      body: '"hello"',
      expect: { status: 400, code: "validation_failed" },
      platform: bodyParser("takes only an object or an array (strict mode)"),
    },
    // Sizes.
    { name: "a body is 100 KB", method: "PUT", path: signInPath, headers: json, body: JSON.stringify({ email: "x".repeat(100 * 1024) }), expect: { status: 413, code: "body_too_large" } },
    {
      name: "a 100 KB body comes without a length",
      method: "PUT",
      path: signInPath,
      headers: json,
      body: JSON.stringify({ email: "x".repeat(100 * 1024) }),
      chunked: true,
      expect: { status: 413, code: "body_too_large" },
    },
    // Compressed bodies are refused whatever the platform did with them first.
    { name: "a body is gzip-compressed", method: "PUT", path: signInPath, headers: { ...json, "content-encoding": "gzip" }, body: gzipSync(smallJson), expect: { status: 415, code: "unsupported_content_encoding" } },
    { name: "a body is deflate-compressed", method: "PUT", path: signInPath, headers: { ...json, "content-encoding": "deflate" }, body: deflateSync(smallJson), expect: { status: 415, code: "unsupported_content_encoding" } },
    {
      name: "a body is brotli-compressed",
      method: "PUT",
      path: signInPath,
      headers: { ...json, "content-encoding": "br" },
      body: brotliCompressSync(smallJson),
      expect: { status: 415, code: "unsupported_content_encoding" },
      emulators: { status: 415, by: "the Functions emulator's body-parser 1 does not know br (production's body-parser 2 inflates it)" },
    },
    {
      name: "a gzip body inflates to 10 MB",
      method: "PUT",
      path: signInPath,
      headers: { ...json, "content-encoding": "gzip" },
      body: gzipSync(`{"email":"${"0".repeat(10 * 1024 * 1024)}"}`),
      expect: { status: 415, code: "unsupported_content_encoding" },
    },
    {
      name: "a body claims gzip but is not",
      method: "PUT",
      path: signInPath,
      headers: { ...json, "content-encoding": "gzip" },
      body: smallJson,
      expect: { status: 415, code: "unsupported_content_encoding" },
      platform: bodyParser("fails to inflate it"),
    },
    {
      name: "a body has an unknown content encoding",
      method: "PUT",
      path: signInPath,
      headers: { ...json, "content-encoding": "compress" },
      body: smallJson,
      expect: { status: 415, code: "unsupported_content_encoding" },
      platform: bodyParser("refuses an encoding it does not know", 415),
    },
    // Media types and charsets.
    { name: "a body is plain text", method: "PUT", path: signInPath, headers: { "content-type": "text/plain" }, body: "email=x", expect: { status: 415, code: "unsupported_media_type" } },
    { name: "a body has no content type", method: "PUT", path: signInPath, body: smallJson, expect: { status: 415, code: "unsupported_media_type" } },
    { name: "the content type cannot be parsed", method: "PUT", path: signInPath, headers: { "content-type": "application/" }, body: smallJson, expect: { status: 415, code: "unsupported_media_type" } },
    {
      name: "a JSON body declares Latin-1",
      method: "PUT",
      path: signInPath,
      headers: { "content-type": "application/json; charset=iso-8859-1" },
      body: smallJson,
      expect: { status: 415, code: "unsupported_media_type" },
      platform: bodyParser("takes utf-* charsets only", 415),
    },
    { name: "a JSON body declares UTF-16", method: "PUT", path: signInPath, headers: { "content-type": "application/json; charset=utf-16" }, body: Buffer.from(smallJson, "utf16le"), expect: { status: 415, code: "unsupported_media_type" } },
    // Bytes that are not UTF-8, refused rather than stored as U+FFFD.
    { name: "a JSON string holds a stray Latin-1 byte", method: "PUT", path: signInPath, headers: json, body: bytes('{"email":"caf', [0xe9], '@toolshop.test"}'), expect: { status: 400, code: "invalid_utf8" } },
    { name: "a JSON string holds an overlong UTF-8 sequence", method: "PUT", path: signInPath, headers: json, body: bytes('{"email":"a', [0xc0, 0xaf], 'b"}'), expect: { status: 400, code: "invalid_utf8" } },
    { name: "a JSON string holds a UTF-8-encoded surrogate", method: "PUT", path: signInPath, headers: json, body: bytes('{"email":"a', [0xed, 0xa0, 0x80], 'b"}'), expect: { status: 400, code: "invalid_utf8" } },
    {
      name: "a body ends inside a UTF-8 sequence",
      method: "PUT",
      path: signInPath,
      headers: json,
      body: bytes('{"email":"a"}', [0xe2, 0x82]),
      expect: { status: 400, code: "invalid_utf8" },
      platform: bodyParser("decodes it to U+FFFD after the JSON and fails to parse it"),
    },
    { name: "a JSON string holds an escaped null character", method: "PUT", path: signInPath, headers: json, body: '{"email":"a\\u0000b"}', expect: { status: 400, code: "validation_failed" } },
    // Path parameters up to the schemas' limits, measured decoded.
    { name: "an email of 254 characters is looked up by a visitor", method: "GET", path: `/api/admin/${encodeURIComponent(longEmail)}`, expect: { status: 401, code: "unauthorized" } },
    { name: "an email of 254 characters, every byte percent-encoded, is looked up", method: "GET", path: `/api/users/${percentEncodeAll(longEmail)}`, expect: { status: 401, code: "unauthorized" } },
    { name: "an email of 254 four-byte characters is looked up", method: "GET", path: `/api/admin/${encodeURIComponent(`${"𝒶".repeat(247)}@b.test`)}`, expect: { status: 401, code: "unauthorized" } },
    { name: "an email of 254 characters signs in without a token", method: "PUT", path: `/api/user/${encodeURIComponent(longEmail)}`, expect: { status: 401, code: "unauthorized" } },
    { name: "an email of 255 characters signs in", method: "PUT", path: `/api/user/${encodeURIComponent(tooLongEmail)}`, expect: { status: 400, code: "validation_failed" } },
    { name: "a path parameter is 3,000 characters", method: "GET", path: `/api/tools/${"7".repeat(3000)}`, expect: { status: 400, code: "validation_failed" } },
    {
      name: "a path is over 4 KB",
      method: "GET",
      path: `/api/tools/${"7".repeat(5000)}`,
      expect: { status: 400, code: "validation_failed" },
      emulators: { status: 414, by: "the local front door refuses an address over 4 KiB, as the Hosting emulator behind it cannot stat such a path" },
    },
    { name: "an id of 101 characters is asked for", method: "GET", path: `/api/tools/${"7".repeat(101)}`, expect: { status: 400, code: "validation_failed" } },
    { name: "an id of 100 characters is asked for", method: "GET", path: `/api/tools/${"7".repeat(100)}`, expect: { status: 404, code: "not_found" } },
    // Malformed percent-encoding.
    {
      name: "a path parameter has a percent sign without hex digits",
      method: "GET",
      path: "/api/tools/%zz",
      expect: { status: 400, code: "invalid_url" },
      platform: expressDecode,
    },
    {
      name: "a path parameter ends in a truncated escape",
      method: "GET",
      path: "/api/tools/abc%E",
      expect: { status: 400, code: "invalid_url" },
      platform: expressDecode,
    },
    {
      name: "a path parameter percent-encodes bytes that are not UTF-8",
      method: "GET",
      path: "/api/tools/%FF%FE",
      expect: { status: 400, code: "invalid_url" },
      platform: expressDecode,
    },
    {
      name: "a path parameter percent-encodes a lone surrogate",
      method: "PUT",
      path: "/api/user/%ED%A0%80",
      expect: { status: 400, code: "invalid_url" },
      platform: expressDecode,
    },
    {
      name: "the fixed part of a path has a malformed escape",
      method: "GET",
      path: "/api/to%zzols",
      expect: { status: 400, code: "invalid_url" },
      platform: expressDecode,
    },
    { name: "a path parameter percent-encodes a null character", method: "PUT", path: "/api/user/a%00b%40toolshop.test", expect: { status: 400, code: "validation_failed" } },
    { name: "a query string has a malformed escape", method: "GET", path: "/api/orders?userEmail=%zz", expect: { status: 401, code: "unauthorized" } },
    // Routes and methods the API does not have.
    { name: "a route does not exist", method: "GET", path: "/api/no-such-route", expect: { status: 404, code: "route_not_found" } },
    { name: "a route is called with a method it does not take", method: "PATCH", path: "/api/tools", expect: { status: 404, code: "route_not_found" } },
  ];

  if ((options.via ?? "plain-server") === "plain-server") requests.push(...notHttp());
  if (options.signInToken) requests.push(...signedIn(options.signInToken));
  return requests;
}

/** What Node's HTTP parser refuses; in Cloud Functions, the platform's server meets these first. */
function notHttp(): HostileRequest[] {
  const raw = (name: string, text: string): HostileRequest => ({ name, method: "RAW", path: "/api/tools", rawHttp: text, expect: { status: 400, code: "bad_request" } });
  return [
    raw("a Content-Length is not a number", "PUT /api/user/a%40b.c HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}"),
    raw("two Content-Lengths disagree", "PUT /api/user/a%40b.c HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
    raw("a chunked body has a malformed chunk size", "PUT /api/user/a%40b.c HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
    raw("a header name holds a space", "GET /api/tools HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n"),
    { name: "the request line and headers exceed 16 KB", method: "GET", path: `/api/tools/${"7".repeat(20_000)}`, expect: { status: 431, code: "headers_too_large" } },
  ];
}

function signedIn(token: string): HostileRequest[] {
  const auth = { ...json, authorization: `Bearer ${token}` };
  const email = emailOfToken(token) ?? validEmail;
  const profilePath = `/api/users/${encodeURIComponent(email)}`;
  return [
    { name: "a review's text holds a stray Latin-1 byte", method: "POST", path: "/api/reviews", headers: auth, body: bytes('{"rating":5,"review":"Tr', [0xe8], 's bien"}'), expect: { status: 400, code: "invalid_utf8" } },
    { name: "a review is JSON nested 10,000 deep", method: "POST", path: "/api/reviews", headers: auth, body: `{"rating":5,"review":${nested(10_000, "[", "]", '"x"')}}`, expect: { status: 400, code: "json_too_deep" } },
    { name: "a review is 1,001 characters", method: "POST", path: "/api/reviews", headers: auth, body: JSON.stringify({ rating: 5, review: "r".repeat(1001) }), expect: { status: 400, code: "validation_failed" } },
    { name: "a wish's details hold bytes that are not UTF-8", method: "POST", path: "/api/wish", headers: auth, body: bytes('{"name":"Saw","price":5,"details":"', [0xff, 0xfe], '"}'), expect: { status: 400, code: "invalid_utf8" } },
    { name: "a profile field holds a stray Latin-1 byte", method: "PUT", path: profilePath, headers: auth, body: bytes('{"location":"Malm', [0xf6], '"}'), expect: { status: 400, code: "invalid_utf8" } },
    { name: "a profile's education is 201 characters", method: "PUT", path: profilePath, headers: auth, body: JSON.stringify({ education: "e".repeat(201) }), expect: { status: 400, code: "validation_failed" } },
    { name: "an order's address is 501 characters", method: "POST", path: "/api/orders", headers: auth, body: JSON.stringify({ toolId: "t", quantityAmount: 1, userPhone: "+1 555 0100", userAddress: "a".repeat(501) }), expect: { status: 400, code: "validation_failed" } },
    { name: "a signed-in buyer looks up another email of 254 characters", method: "GET", path: `/api/users/${encodeURIComponent(emailOfLength(254))}`, headers: auth, expect: { status: 403, code: "forbidden" } },
    { name: "an order id of 101 characters is asked for", method: "GET", path: `/api/orders/${"7".repeat(101)}`, headers: auth, expect: { status: 400, code: "validation_failed" } },
    { name: "a query string repeats a field", method: "GET", path: `/api/orders?userEmail=${encodeURIComponent(email)}&userEmail=x`, headers: auth, expect: { status: 400, code: "validation_failed" } },
    {
      name: "a query string has a malformed escape, signed in",
      method: "GET",
      path: "/api/orders?userEmail=%zz%E0%A4",
      headers: auth,
      expect: { status: 403, code: "forbidden" },
    },
  ];
}

/** Sends one request as written and reads the whole answer. */
export function sendHostileRequest(baseUrl: string, hostile: HostileRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  if (hostile.rawHttp !== undefined) return sendRawHttp(url, hostile.rawHttp);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...hostile.headers };
    if (hostile.body !== undefined && !hostile.chunked) headers["content-length"] = String(Buffer.byteLength(hostile.body));
    const request = send(
      { protocol: url.protocol, hostname: url.hostname, port: url.port, method: hostile.method, path: hostile.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    if (hostile.body !== undefined && hostile.chunked) {
      const body = Buffer.from(hostile.body);
      for (let offset = 0; offset < body.length; offset += 8192) request.write(body.subarray(offset, offset + 8192));
    } else if (hostile.body !== undefined) {
      request.write(hostile.body);
    }
    request.end();
  });
}

function sendRawHttp(url: URL, text: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port || 80), url.hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = answer.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers: IncomingHttpHeaders = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n") });
    });
    socket.end(text);
  });
}

// What must never reach a client: the framework's or the platform's names, their error classes, a
// stack frame or a source path.
const INTERNALS = [/FST_/, /fastify/i, /express/i, /body-parser/i, /\b(Syntax|URI|Range|Type)Error\b/, /\bat \S+ \(/, /node_modules/, /\.[cm]?[jt]s:\d+/];

/** Who answers a hostile request first on the way to the app, when it is not the app. */
export function answeredBeforeTheApp(hostile: HostileRequest, via: Via = "plain-server"): BeforeTheApp | undefined {
  if (via === "firebase-emulators") return hostile.emulators ?? hostile.platform;
  if (via === "cloud-functions") return hostile.platform;
  return undefined;
}

/**
 * What is wrong with an answer to a hostile request; empty when it is what a client should get.
 * Where the platform answers first, its answer is checked for its status and for internals only,
 * and a 5xx is still reported, naming who gave it.
 */
export function problemsWith(hostile: HostileRequest, response: RawResponse, { via = "plain-server" }: { via?: Via } = {}): string[] {
  const found: string[] = [];
  const first = answeredBeforeTheApp(hostile, via);
  const expected = first?.status ?? hostile.expect.status;
  if (response.status === 0) found.push("no HTTP answer");
  else if (response.status >= 500) found.push(`answered ${response.status}${first ? ` (${first.by})` : ""}`);
  else if (response.status !== expected) found.push(`answered ${response.status}, expected ${expected}${first ? ` (${first.by})` : ""}`);
  if (response.headers["x-powered-by"] !== undefined) found.push(`sent x-powered-by: ${String(response.headers["x-powered-by"])}`);
  const leak = INTERNALS.find((pattern) => pattern.test(response.body));
  if (leak) found.push(`the body shows internals (${leak}): ${response.body.slice(0, 200)}`);
  if (!first) {
    const type = String(response.headers["content-type"] ?? "");
    if (!type.startsWith("application/problem+json")) found.push(`content-type is "${type}", not application/problem+json`);
    let code: unknown;
    try {
      code = (JSON.parse(response.body) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    if (code !== hostile.expect.code) found.push(`code is ${JSON.stringify(code)}, expected "${hostile.expect.code}"`);
  }
  return found.map((problem) => `when ${hostile.name} (${hostile.method} ${hostile.path.slice(0, 80)}): ${problem}`);
}

async function readJson(baseUrl: string, path: string, token?: string): Promise<string> {
  const response = await sendHostileRequest(baseUrl, { name: "read", method: "GET", path, headers: token ? { authorization: `Bearer ${token}` } : {}, expect: { status: 200, code: "" } });
  return `${response.status} ${response.body}`;
}

/**
 * Sends every hostile request to the API at `baseUrl` (the shop's origin: requests go to /api/...)
 * and returns what went wrong, one line each; an empty list when every answer is right. With a
 * buyer's token it also checks that the refused writes stored nothing: the reviews and the buyer's
 * profile read the same before and after. With a 254-character account, its sign-in must succeed.
 */
export async function checkHostileRequests(baseUrl: string, options: HostileRequestOptions = {}): Promise<string[]> {
  const failures: string[] = [];
  const token = options.signInToken;
  const email = token ? emailOfToken(token) : undefined;
  const snapshot = async () => ({
    reviews: await readJson(baseUrl, "/api/reviews"),
    profile: token && email ? await readJson(baseUrl, `/api/users/${encodeURIComponent(email)}`, token) : "",
  });
  const before = await snapshot();
  for (const hostile of hostileRequests(options)) {
    try {
      const response = await sendHostileRequest(baseUrl, hostile);
      failures.push(...problemsWith(hostile, response, options));
    } catch (error) {
      failures.push(`when ${hostile.name}: the request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const after = await snapshot();
  if (after.reviews !== before.reviews) failures.push("the reviews changed after refused requests");
  if (after.profile !== before.profile) failures.push("the buyer's profile changed after refused requests");
  if (options.longEmailAccount) {
    const { email: longEmail, idToken } = options.longEmailAccount;
    const response = await sendHostileRequest(baseUrl, {
      name: "a 254-character email signs in",
      method: "PUT",
      path: `/api/user/${encodeURIComponent(longEmail)}`,
      headers: { ...json, authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ email: longEmail }),
      expect: { status: 200, code: "" },
    });
    if (response.status !== 200 || !response.body.includes('"token"')) failures.push(`when an email of 254 characters signs in: answered ${response.status} ${response.body.slice(0, 200)}`);
  }
  return failures;
}
