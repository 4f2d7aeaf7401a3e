import { z } from "zod";
import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES, ID_MAX_LENGTH } from "../common.schemas.js";
import { order, placeOrderBody } from "./orders.schemas.js";

/**
 * One line of a checkout as the buyer sends it: the tool, how many units, and the unit price they
 * saw in dollars. A line whose tool is priced otherwise now is refused (`repriced`), so a buyer never
 * pays a price they were not shown.
 */
export const checkoutLineBody = z.strictObject({
  toolId: z.string().min(1, "Required").max(ID_MAX_LENGTH),
  quantityAmount: z
    .number()
    .int("Must be a whole number of units")
    .min(1, "Must be at least 1")
    .max(CART_LINE_MAX_QUANTITY, `At most ${CART_LINE_MAX_QUANTITY} units`),
  toolPrice: z.number().nonnegative().max(999_999.99),
});
export type CheckoutLineBody = z.infer<typeof checkoutLineBody>;

/**
 * POST /api/checkouts: every line placed at once, each as one of the spec's orders, delivered to
 * one phone and address. A tool appears once.
 */
export const placeCheckoutBody = z.strictObject({
  userPhone: placeOrderBody.shape.userPhone,
  userAddress: placeOrderBody.shape.userAddress,
  lines: z
    .array(checkoutLineBody)
    .min(1, "A checkout needs at least one line")
    .max(CART_MAX_LINES, `A checkout holds at most ${CART_MAX_LINES} lines`)
    // Ids are compared as the store does, whatever their case.
    .refine((lines) => new Set(lines.map((line) => line.toolId.toLowerCase())).size === lines.length, "Each tool may appear on one line only"),
});
export type PlaceCheckoutBody = z.infer<typeof placeCheckoutBody>;

/**
 * A checkout's state, read from its orders: `unpaid` until its one payment, `paid` from then on
 * (each order then ships, or is refunded, on its own), `cancelled` when it was cancelled or its hold
 * ran out before it was paid.
 */
export const checkoutStatus = z.enum(["unpaid", "paid", "cancelled"]);
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

export const checkout = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  status: checkoutStatus,
  /** The sum of its orders' totals, in dollars: what its one payment charges. */
  total: z.number(),
  createdAt: z.string(),
  /** When the unpaid checkout is cancelled and every unit goes back on sale; null once it is not unpaid. */
  releasesAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** One of the spec's orders per line, in the order the lines were sent; each has `checkoutId` set. */
  orders: z.array(order),
});
export type Checkout = z.infer<typeof checkout>;

/** Which line of a checkout could not be placed, and why, in the words of the single order's refusal. */
export const refusedLine = z.object({
  /** The line's place in the request, from 0. */
  index: z.number().int(),
  toolId: z.string(),
  /** The tool's name, or null when no listed tool has this id. */
  toolName: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type RefusedLine = z.infer<typeof refusedLine>;

/** POST /api/checkouts/{id}/payment-intent: a total the client sends is checked against the checkout's, never used. */
export const checkoutPaymentIntentBody = z
  .strictObject({
    total: z.number().nonnegative().max(999_999.99).optional(),
  })
  .nullish();
export type CheckoutPaymentIntentBody = z.infer<typeof checkoutPaymentIntentBody>;
