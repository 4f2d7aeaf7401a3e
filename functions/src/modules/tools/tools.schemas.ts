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

/** Tools a catalogue page holds at most; the home page asks for fewer. */
export const CATALOGUE_PAGE_SIZE = 24;
/** The longest search text, in characters. */
export const CATALOGUE_QUERY_MAX_LENGTH = 100;

/**
 * How a catalogue page is ordered: by name (A to Z), by price (lowest first), newest first, or as
 * the tools were listed (oldest first: the spec's "first 6 tools" on the home page).
 */
export const catalogueSort = z.enum(["name", "price", "newest", "listed"]);
export type CatalogueSort = z.infer<typeof catalogueSort>;

/** `GET /api/catalogue`: one page of the catalogue, searched, filtered and sorted on the server. */
export const catalogueQuery = z.strictObject({
  /** Words to find in a tool's name or description, forgiving a typo; blank means every tool. */
  q: z.string().trim().max(CATALOGUE_QUERY_MAX_LENGTH, `At most ${CATALOGUE_QUERY_MAX_LENGTH} characters`).optional(),
  sort: catalogueSort.default("name"),
  /** "true": only tools that can be ordered now, whose stock reaches their minimum order. */
  inStock: z.enum(["true", "false"]).optional(),
  /** The `next` of the page before; opaque to clients. */
  after: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(CATALOGUE_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

export const cataloguePage = z.object({
  tools: z.array(tool),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type CataloguePage = z.infer<typeof cataloguePage>;
