import type { FastifyReply } from "fastify";
import type { z } from "zod";

/** Bytes made by a cached serializer: kept and sent many times, so what is derived from them may be kept too. */
const cachedAnswers = new WeakSet<Buffer>();

/**
 * A serializer for answers a service keeps in its cache and hands out again as the same object.
 * Each object goes through the route's response schema once, as fastify's serializer would send
 * it, and its bytes are kept for as long as the service keeps the object; a value the schema
 * refuses is a 500, never an answer.
 */
export function cachedSerializer<Schema extends z.ZodType>(schema: Schema): (value: z.input<Schema> & object) => Buffer {
  const serialized = new WeakMap<object, Buffer>();
  return (value) => {
    let bytes = serialized.get(value);
    if (!bytes) {
      const checked = schema.safeParse(value);
      if (!checked.success) throw new Error("A cached answer does not match its response schema.", { cause: checked.error });
      bytes = Buffer.from(JSON.stringify(checked.data));
      cachedAnswers.add(bytes);
      serialized.set(value, bytes);
    }
    return bytes;
  };
}

/** Sends bytes from a cached serializer as they are. */
export function sendJsonBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(bytes);
}

/** Whether these bytes are a cached answer, whose compressed forms are worth keeping (lib/compression.ts). */
export const isCachedAnswer = (bytes: Buffer): boolean => cachedAnswers.has(bytes);
