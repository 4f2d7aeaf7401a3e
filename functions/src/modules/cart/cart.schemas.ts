import { z } from "zod";
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES, ID_MAX_LENGTH } from "../common.schemas.js";

export { CART_LINE_MAX_QUANTITY, CART_MAX_LINES } from "../common.schemas.js";

const quantity = z
  .number()
  .int("Must be a whole number of units")
  .min(1, "Must be at least 1")
  .max(CART_LINE_MAX_QUANTITY, `At most ${CART_LINE_MAX_QUANTITY} units`);

/**
 * Why a line cannot be checked out as it stands, until the buyer deals with it:
 * - `removed`: the tool is no longer in the catalogue (only Remove helps);
 * - `repriced`: its price changed since the line was added (saving the line again accepts the new price);
 * - `sold_out`: what is left is below the tool's minimum order (only Remove helps);
 * - `below_moq` / `above_aq`: the quantity is below the tool's minimum or above what is left now;
 * - `total_too_small` / `total_too_large`: the line's order would come to less than a card can be
 *   charged (a tool under a whole dollar, priced as the spec prices an order; only Remove helps), or
 *   more than one card payment can be.
 */
export const cartLineProblem = z.enum(["removed", "repriced", "sold_out", "below_moq", "above_aq", "total_too_small", "total_too_large"]);
export type CartLineProblem = z.infer<typeof cartLineProblem>;

export const cartLine = z.object({
  toolId: z.string(),
  /** The tool's name now; a removed tool keeps the name it had when the line was last saved. */
  toolName: z.string(),
  img: z.string(),
  /** The tool's unit price now, in dollars; a removed tool's is the price seen. */
  unitPrice: z.number(),
  /** The unit price the buyer saw when they last saved the line; a checkout pays it only while it is still the price. */
  seenPrice: z.number(),
  quantity: z.number().int(),
  /** What the line costs at `unitPrice`, as an order of it would (the quantity times the whole dollars of the price). */
  lineTotal: z.number(),
  moq: z.number().int(),
  aq: z.number().int(),
  problem: cartLineProblem.nullable(),
  /** What the line's problem means to the buyer, null when it has none; `below_moq`/`above_aq` are the order form's own alerts. */
  message: z.string().nullable(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.object({
  /** Oldest line first. */
  lines: z.array(cartLine),
  /** How many lines the cart holds, as the top bar shows it. */
  count: z.number().int(),
  /** The sum of the lines' totals, in dollars. */
  total: z.number(),
  /** What keeps the cart as a whole from being checked out: its total above what one card payment can be; null otherwise. */
  message: z.string().nullable(),
  /** True when the cart has lines, none has a problem, and neither has the cart: it can be checked out as it stands. */
  ready: z.boolean(),
});
export type Cart = z.infer<typeof cart>;

export const cartLineParams = z.strictObject({ toolId: z.string().min(1).max(ID_MAX_LENGTH) });

/** PUT /api/cart/lines/{toolId}: adds the tool or sets its quantity, and accepts the price of now. */
export const saveCartLineBody = z.strictObject({ quantity });
export type SaveCartLineBody = z.infer<typeof saveCartLineBody>;

/** A line as a visitor's browser keeps it, before there is an account to keep it. */
export const browserCartLine = z.strictObject({
  toolId: z.string().min(1, "Required").max(ID_MAX_LENGTH),
  quantity,
  /** The unit price the visitor saw, in dollars; a line without it is shown as it is priced now. */
  seenPrice: z.number().nonnegative().max(999_999.99).optional(),
});
export type BrowserCartLine = z.infer<typeof browserCartLine>;

const browserLines = z.array(browserCartLine).max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} lines`);

/**
 * POST /api/cart/merge, at sign-in: the visitor's lines join the account's cart. A tool in both
 * keeps the larger quantity, so merging the same browser cart twice changes nothing the second time.
 */
export const mergeCartBody = z.strictObject({ lines: browserLines });
export type MergeCartBody = z.infer<typeof mergeCartBody>;

/** POST /api/cart/preview: a visitor's lines as the cart page shows them, with each line's problem; nothing is kept. */
export const previewCartBody = z.strictObject({ lines: browserLines });
export type PreviewCartBody = z.infer<typeof previewCartBody>;
