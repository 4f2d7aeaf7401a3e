import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cachedSerializer, isCachedAnswer } from "./send-json-bytes.js";

const tool = z.object({ name: z.string(), price: z.number() });

describe("a cached answer's serializer", () => {
  it("sends what the response schema makes of the value, as fastify's serializer would", () => {
    const serialize = cachedSerializer(z.array(tool));
    const bytes = serialize([{ name: "Wrench", price: 12.5, secret: "kept out" } as z.input<typeof tool>]);
    expect(JSON.parse(bytes.toString())).toEqual([{ name: "Wrench", price: 12.5 }]);
    expect(isCachedAnswer(bytes)).toBe(true);
  });

  it("refuses a value its schema does not accept, so a wrong answer is never sent", () => {
    const serialize = cachedSerializer(tool);
    expect(() => serialize({ name: "Wrench", price: "12.50" } as unknown as z.input<typeof tool>)).toThrow(/does not match its response schema/);
  });

  it("serializes one kept value once, and a value loaded again anew", () => {
    const serialize = cachedSerializer(tool);
    const kept = { name: "Wrench", price: 12.5 };
    expect(serialize(kept)).toBe(serialize(kept));
    const reloaded = { name: "Wrench", price: 13 };
    expect(serialize(reloaded)).not.toBe(serialize(kept));
    expect(JSON.parse(serialize(reloaded).toString()).price).toBe(13);
  });
});
