import { z } from "zod";
import { dollars, optionalText, pageCursor, pageLimit, text } from "../common.schemas.js";

/** The longest texts of a tool stored, in characters. */
export const TOOL_NAME_MAX_LENGTH = 120;
export const TOOL_DESCRIPTION_MAX_LENGTH = 2000;
export const TOOL_IMAGE_URL_MAX_LENGTH = 2048;
/** The most units a tool can hold on the shelf, whether listed with them or restocked to them. */
export const TOOL_STOCK_MAX = 1_000_000;

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

/** A tool that can no longer be ordered: its stock does not reach its minimum order. */
export const isLowOnStock = ({ aq, moq }: Pick<Tool, "aq" | "moq">): boolean => aq < moq;

/** What Add Product and Edit say of an image that is neither kind of address a tool may have. */
export const TOOL_IMAGE_URL_MESSAGE = "Must be a path on this site starting with a single / or an https:// address";

/** C0 and C1 control characters, DEL included: browsers drop some of them from a URL before reading it. */
const hasControlCharacter = (value: string) =>
  [...value].some((character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/**
 * A tool's picture comes from the shop itself or from an https host named in full. Browsers read
 * `//host/x.png` and `/\host/x.png` as another host, and mend backslashes, tabs and newlines before
 * they read an address at all, so none of those may appear. An http picture would be blocked as
 * mixed content on the https shop, and an address with credentials in it is kept out as well.
 */
function isToolImageUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || hasControlCharacter(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  // `https:///x` would parse with the first path segment as its host.
  if (!/^https:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

const imageUrl = z
  .string()
  .trim()
  .min(1, "Required")
  .max(TOOL_IMAGE_URL_MAX_LENGTH, `At most ${TOOL_IMAGE_URL_MAX_LENGTH} characters`)
  .refine(isToolImageUrl, TOOL_IMAGE_URL_MESSAGE);

const units = z.number().int("Must be a whole number of units");

export const createToolBody = z.strictObject({
  name: text(TOOL_NAME_MAX_LENGTH),
  price: dollars,
  description: text(TOOL_DESCRIPTION_MAX_LENGTH),
  moq: units.min(1, "Must be at least 1").max(1_000_000),
  aq: units.min(0, "Must not be negative").max(TOOL_STOCK_MAX),
  img: imageUrl,
});
export type CreateToolBody = z.infer<typeof createToolBody>;

/**
 * `PATCH /api/tools/{id}`: any of the fields a tool is created with, under the same rules, but its
 * stock, which changes only through stock movements.
 */
export const updateToolBody = createToolBody
  .omit({ aq: true })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Give at least one field to change");
export type UpdateToolBody = z.infer<typeof updateToolBody>;

/** Tools a catalogue page holds at most; the home page asks for fewer. */
export const CATALOGUE_PAGE_SIZE = 24;
/** The longest search text, in characters. */
export const CATALOGUE_QUERY_MAX_LENGTH = 100;

/**
 * How a catalogue page is ordered: by name (A to Z), by price (lowest first), newest first, or as
 * the tools were listed (oldest first: the "first 6" tools on the home page, docs/product.md §1.2).
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
  after: pageCursor(),
  limit: pageLimit(CATALOGUE_PAGE_SIZE),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

/** A page of tools; its `next` goes back as the query's cursor (`after`, `cursor`), null on the last page. */
const toolsPage = <T extends z.ZodType>(item: T) => z.object({ tools: z.array(item), next: z.string().nullable() });

export const cataloguePage = toolsPage(tool);
export type CataloguePage = z.infer<typeof cataloguePage>;

/** `GET /api/admin/tools` (Manage Tools): a page of tools, newest first, searched and filtered. */
export const MANAGE_TOOLS_PAGE_SIZE = 24;

export const manageToolsQuery = z.strictObject({
  /** Words to find in a tool's name or description, as the catalogue finds them; blank means every tool. */
  q: catalogueQuery.shape.q,
  /** "true": only tools that can no longer be ordered, whose stock is below their minimum order. */
  lowStock: z.enum(["true", "false"]).optional(),
  cursor: pageCursor(),
  limit: pageLimit(MANAGE_TOOLS_PAGE_SIZE),
});
export type ManageToolsQuery = z.infer<typeof manageToolsQuery>;

/** A tool as an admin manages it: the catalogue's fields and when it was added. */
export const managedTool = tool.extend({ createdAt: z.string() });
export type ManagedTool = z.infer<typeof managedTool>;

export const manageToolsPage = toolsPage(managedTool);
export type ManageToolsPage = z.infer<typeof manageToolsPage>;

/** The longest reason a stock movement records, in characters. */
export const STOCK_REASON_MAX_LENGTH = 500;

const movedUnits = units.min(1, "Must be at least 1").max(TOOL_STOCK_MAX, `At most ${TOOL_STOCK_MAX.toLocaleString("en-US")}`);
const correctionReason = z
  .string({ error: "A correction needs a reason" })
  .trim()
  .min(1, "A correction needs a reason")
  .max(STOCK_REASON_MAX_LENGTH, `At most ${STOCK_REASON_MAX_LENGTH} characters`);

/**
 * `POST /api/tools/{id}/stock-movements`: units put on the shelf (restock) or taken off it
 * (correction: counted short, damaged, lost), always a positive number of units. A correction says why.
 */
export const stockMovementBody = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("restock"), quantity: movedUnits, reason: optionalText(STOCK_REASON_MAX_LENGTH).optional() }),
  z.strictObject({ kind: z.literal("correction"), quantity: movedUnits, reason: correctionReason }),
]);
export type StockMovementBody = z.infer<typeof stockMovementBody>;

export const stockMovementKind = z.enum(["initial", "restock", "correction"]);
export type StockMovementKind = z.infer<typeof stockMovementKind>;

/** One entry of a tool's stock ledger: the units it added (positive) or took off the shelf (negative). */
export const stockMovement = z.object({
  _id: z.string(),
  toolId: z.string(),
  kind: stockMovementKind,
  quantity: z.number().int(),
  reason: z.string(),
  /** The admin who made it; null for the stock a tool was created with. */
  actorId: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockMovementMade = z.object({
  movement: stockMovement,
  /** The tool's available quantity once the movement is made. */
  aq: z.number().int(),
});
export type StockMovementMade = z.infer<typeof stockMovementMade>;

export const STOCK_LEDGER_PAGE_SIZE = 100;

/** Newest first; `before` is the `next` of the previous page. */
export const stockLedgerQuery = z.strictObject({
  limit: pageLimit(STOCK_LEDGER_PAGE_SIZE),
  before: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "Must be the next of a ledger page")
    .optional(),
});
export type StockLedgerQuery = z.infer<typeof stockLedgerQuery>;

export const stockLedgerPage = z.object({
  movements: z.array(stockMovement),
  /** Pass as `before` for older movements; null when there are none. */
  next: z.string().nullable(),
});
export type StockLedgerPage = z.infer<typeof stockLedgerPage>;
