import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors.js";
import { decodeUtf8 } from "./text-guard.js";

type FunctionsRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * No body the API takes nests deeper than two levels. A few more leave room for clients, and the
 * bound keeps every walk over a parsed body (the text guard, schema validation, logging) far from
 * the end of the stack, whatever a client sends.
 */
export const MAX_JSON_DEPTH = 32;

const badRequest = (code: string, detail: string) => new AppError(400, code, "Bad Request", detail);
const tooLarge = () => new AppError(413, "body_too_large", "Content Too Large", "The body is too large.");
const unsupportedMediaType = (detail = "Send the body as application/json.") =>
  new AppError(415, "unsupported_media_type", "Unsupported Media Type", detail);
const unsupportedEncoding = () =>
  new AppError(415, "unsupported_content_encoding", "Unsupported Media Type", "Send the body uncompressed, without a Content-Encoding.");

// The rest of an oversized body is read and dropped rather than the socket destroyed, so the
// client gets its 413 instead of a reset connection.
function readBody(stream: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(stream.headers["content-length"]) > limit) {
      stream.resume();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stream.off("data", onData);
        stream.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    stream.on("data", onData);
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text opens more than `max` arrays or objects at once, counted in one pass over the
 * bytes without parsing (brackets inside strings do not count). UTF-8 continuation bytes are never
 * ASCII, so scanning bytes is exact.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index]!;
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return false;
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/** A body that was compressed, or is text in another charset, would not be read as sent. */
function refuseUnreadable(request: FastifyRequest) {
  const encoding = request.headers["content-encoding"];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== "identity") throw unsupportedEncoding();
  const charset = CHARSET.exec(request.headers["content-type"] ?? "")?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") throw unsupportedMediaType("Send the body as application/json in UTF-8.");
}

/** The body's JSON value, refusing what JSON.parse would take but the API must not: bytes that are not UTF-8, and deep nesting. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const text = decodeUtf8(raw);
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) throw badRequest("json_too_deep", `The body nests more than ${MAX_JSON_DEPTH} levels deep.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("invalid_json", "The body is not valid JSON.");
  }
}

/**
 * Parses JSON bodies from their raw bytes. Cloud Functions has already read the request stream
 * and keeps its bytes as `rawBody`; a plain Node server has not. Either way the handler gets the
 * same parse, and `request.rawBody` keeps the bytes for signed webhooks.
 */
export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number) {
  // The API speaks JSON only. Fastify's own parsers would also try to read a stream that
  // Cloud Functions has already drained, and wait for it forever.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", async (_request: FastifyRequest, payload: IncomingMessage) => {
    payload.resume();
    throw unsupportedMediaType();
  });
  // Fastify tests the pattern against the whole header, parameters included: Stripe's webhooks,
  // like many clients, send `application/json; charset=utf-8`.
  app.addContentTypeParser(/^application\/([^;]+\+)?json\s*(;|$)/, async (request: FastifyRequest, payload: IncomingMessage) => {
    const platformRead = (request.raw as FunctionsRequest).rawBody;
    try {
      refuseUnreadable(request);
    } catch (error) {
      if (!platformRead) payload.resume();
      throw error;
    }
    const raw = platformRead ?? (await readBody(payload, bodyLimit));
    if (raw.length > bodyLimit) throw tooLarge();
    request.rawBody = raw;
    return parseJsonBody(raw);
  });
}

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}
