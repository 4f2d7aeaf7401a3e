import { z } from "zod";
import { ID_MAX_LENGTH, MAXIMUM_CHARGE_CENTS } from "../common.schemas.js";

export { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../common.schemas.js";

/**
 * The order to pay. The contract's client (docs/product.md §8.2) sends only `toolPrice`; a total sent along is checked
 * against the order's and never used as the amount.
 */
export const createPaymentIntentBody = z.strictObject({
  orderId: z.string().min(1, "Required").max(ID_MAX_LENGTH),
  toolPrice: z.number().nonnegative().max(MAXIMUM_CHARGE_CENTS / 100).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

export const paymentIntent = z.object({
  clientSecret: z.string(),
  /** Which card form the page shows: Stripe's Elements or the shop's sandbox form. */
  provider: z.enum(["stripe", "sandbox"]),
});
