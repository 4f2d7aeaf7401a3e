import { z } from "zod";

// Lengths are in characters (Unicode code points, as zod counts them): an emoji is one, whatever its bytes.

/** The longest id any call takes; ids are opaque strings to clients. */
export const ID_MAX_LENGTH = 100;
/** The longest email address: RFC 5321's 256-character path less its angle brackets. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest path parameter any route accepts (an email). */
export const PATH_PARAM_MAX_LENGTH = Math.max(ID_MAX_LENGTH, EMAIL_MAX_LENGTH);

/** Ids are opaque strings to clients; an unknown one is simply not found. */
export const idParams = z.strictObject({ id: z.string().min(1).max(ID_MAX_LENGTH) });
export const emailParams = z.strictObject({ email: z.string().min(3).max(EMAIL_MAX_LENGTH) });

export const text = (max: number) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);
export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** The `next` of the page before, passed back for the page after it; opaque to clients. */
export const pageCursor = (maxLength = 500) => z.string().min(1).max(maxLength).optional();
/** How many items one page holds: from 1 to `max`, and `fallback` when the call leaves it out. */
export const pageLimit = (max: number, fallback = max) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * What one card payment can be, in cents: Stripe charges US dollars from $0.50 to $999,999.99. An
 * order outside these is refused when it is placed, so every order the shop holds can be paid.
 */
export const MINIMUM_CHARGE_CENTS = 50;
export const MAXIMUM_CHARGE_CENTS = 99_999_999;

/**
 * Dollars with at most two decimals, as the shop shows them; no more than one card payment can
 * be, so a tool that is priced can be ordered.
 */
export const dollars = z
  .number()
  .nonnegative()
  .max(MAXIMUM_CHARGE_CENTS / 100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "At most two decimals");

/** The most lines a cart holds, and so the most orders one checkout places. */
export const CART_MAX_LINES = 50;
/** The most units one line of a cart or a checkout asks for, as one order may. */
export const CART_LINE_MAX_QUANTITY = 1_000_000;

export const acknowledged = z.object({ acknowledged: z.literal(true) });
export const created = acknowledged.extend({ insertedId: z.string() });
export const deleted = acknowledged.extend({ deletedCount: z.number().int() });

export const problem = z.object({
  type: z.string(),
  status: z.number().int(),
  title: z.string(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});
