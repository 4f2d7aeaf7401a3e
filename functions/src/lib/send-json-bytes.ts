import type { FastifyReply } from "fastify";

/** Bytes made by toJsonBytes: kept and sent many times, so what is derived from them may be kept too. */
const cachedAnswers = new WeakSet<Buffer>();

/**
 * Sends JSON serialized earlier (a cached answer) as it is. The route's response schema still
 * documents and types the answer; the bytes were made from values of that type.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(bytes);
}

/** Serializes once, for answers kept in a cache and sent many times. */
export function toJsonBytes(value: unknown): Buffer {
  const bytes = Buffer.from(JSON.stringify(value));
  cachedAnswers.add(bytes);
  return bytes;
}

/** Whether these bytes are a cached answer, whose compressed forms are worth keeping (lib/compression.ts). */
export const isCachedAnswer = (bytes: Buffer): boolean => cachedAnswers.has(bytes);
