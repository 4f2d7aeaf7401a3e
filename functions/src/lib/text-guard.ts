import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, type FieldError } from "./errors.js";

// PostgreSQL's text cannot hold U+0000 (a query carrying one fails), and a lone surrogate would be
// stored as U+FFFD, not as sent. Neither is text a person types, so both are refused up front.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MESSAGE = "Must not contain a null character or broken Unicode";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The text of a body's bytes. Bytes that are not UTF-8 (a stray Latin-1 byte, an overlong or
 * truncated sequence, an encoded surrogate) are refused: decoded leniently they would become
 * U+FFFD and be stored as something the client never sent.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError(400, "invalid_utf8", "Bad Request", "The body is not valid UTF-8.");
  }
}

const isStorable = (value: string) => !value.includes("\u0000") && !LONE_SURROGATE.test(value);

// Recursive, and safe to be: a body nests at most MAX_JSON_DEPTH levels (json-body.ts), a query
// string or a path not at all.
function unstorableStrings(value: unknown, path: string, found: FieldError[]): FieldError[] {
  if (typeof value === "string") {
    if (!isStorable(value)) found.push({ path, message: MESSAGE });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => unstorableStrings(item, `${path}/${index}`, found));
  } else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorable(key)) found.push({ path: `${path}/${key}`, message: MESSAGE });
      unstorableStrings(item, `${path}/${key}`, found);
    }
  }
  return found;
}

/**
 * Refuses, with the same 400 as a schema failure, any request whose body, query or path carries a
 * string the database cannot store as sent, for every route at once, so no schema can forget it and
 * no such string ever reaches a query (where it would have been a 500).
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const errors = [
      ...unstorableStrings(request.params, "params", []),
      ...unstorableStrings(request.query, "querystring", []),
      ...unstorableStrings(request.body, "body", []),
    ];
    if (errors.length > 0) throw new AppError(400, "validation_failed", "Bad Request", "The request is not valid.", errors);
  });
}
