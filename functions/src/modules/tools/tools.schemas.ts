import { z } from "zod";
import { dollars, text } from "../common.schemas.js";

export const tool = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  description: z.string(),
  moq: z.number().int(),
  aq: z.number().int(),
});
export type Tool = z.infer<typeof tool>;

/** An absolute http(s) URL or a path on the shop's own host. */
const imageUrl = z
  .string()
  .trim()
  .min(1, "Required")
  .max(2048, "At most 2048 characters")
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value), "Must be an http(s) URL or a path starting with /");

const units = z.number().int("Must be a whole number of units");

export const createToolBody = z.strictObject({
  name: text(120),
  price: dollars,
  description: text(2000),
  moq: units.min(1, "Must be at least 1").max(1_000_000),
  aq: units.min(0, "Must not be negative").max(1_000_000),
  img: imageUrl,
});
export type CreateToolBody = z.infer<typeof createToolBody>;
