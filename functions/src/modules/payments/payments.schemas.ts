import { z } from "zod";

/**
 * The order to pay. The spec's client sends only `toolPrice`; a total sent along is checked
 * against the order's and never used as the amount.
 */
export const createPaymentIntentBody = z.strictObject({
  orderId: z.string().min(1, "Required").max(100),
  toolPrice: z.number().nonnegative().max(100_000_000).optional(),
});

export const paymentIntent = z.object({
  clientSecret: z.string(),
  /** Which card form the page shows: Stripe's Elements or the shop's sandbox form. */
  provider: z.enum(["stripe", "sandbox"]),
});
