import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";

type FunctionsRequest = IncomingMessage & { rawBody?: Buffer };

const httpError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

const tooLarge = () => httpError(413, "FST_ERR_CTP_BODY_TOO_LARGE", "The body is too large.");

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

/**
 * Parses JSON bodies from their raw bytes. Cloud Functions has already read the request stream
 * and keeps its bytes as `rawBody`; a plain Node server has not. Either way the handler gets the
 * same parse, and `request.rawBody` keeps the bytes for signed webhooks.
 */
export function registerJsonBodyParser(app: FastifyInstance, bodyLimit: number) {
  // The API speaks JSON only. Fastify's own parsers would also try to read a stream that
  // Cloud Functions has already drained, and wait for it forever.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", async () => {
    throw httpError(415, "FST_ERR_CTP_INVALID_MEDIA_TYPE", "Send the body as application/json.");
  });
  // Fastify tests the pattern against the whole header, parameters included: Stripe's webhooks,
  // like many clients, send `application/json; charset=utf-8`.
  app.addContentTypeParser(/^application\/([^;]+\+)?json\s*(;|$)/, async (request: FastifyRequest, payload: IncomingMessage) => {
    const raw = (request.raw as FunctionsRequest).rawBody ?? (await readBody(payload, bodyLimit));
    if (raw.length > bodyLimit) throw tooLarge();
    request.rawBody = raw;
    if (raw.length === 0) return undefined;
    try {
      return JSON.parse(raw.toString("utf8")) as unknown;
    } catch {
      throw httpError(400, "FST_ERR_CTP_INVALID_JSON_BODY", "The body is not valid JSON.");
    }
  });
}

declare module "fastify" {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}
