import { z } from "zod";
import { dollars, text } from "../common.schemas.js";

/** The longest texts of a tool stored, in characters. */
export const TOOL_NAME_MAX_LENGTH = 120;
export const TOOL_DESCRIPTION_MAX_LENGTH = 2000;
export const TOOL_IMAGE_URL_MAX_LENGTH = 2048;

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
  .max(TOOL_IMAGE_URL_MAX_LENGTH, `At most ${TOOL_IMAGE_URL_MAX_LENGTH} characters`)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$/.test(value), "Must be an http(s) URL or a path starting with /");

const units = z.number().int("Must be a whole number of units");

export const createToolBody = z.strictObject({
  name: text(TOOL_NAME_MAX_LENGTH),
  price: dollars,
  description: text(TOOL_DESCRIPTION_MAX_LENGTH),
  moq: units.min(1, "Must be at least 1").max(1_000_000),
  aq: units.min(0, "Must not be negative").max(1_000_000),
  img: imageUrl,
});
export type CreateToolBody = z.infer<typeof createToolBody>;
