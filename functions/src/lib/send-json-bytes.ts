import type { FastifyReply } from "fastify";

/**
 * Sends JSON serialized earlier (a cached answer) as it is. The route's response schema still
 * documents and types the answer; the bytes were made from values of that type.
 */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(bytes);
}

/** Serializes once, for answers kept in a cache and sent many times. */
export const toJsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
