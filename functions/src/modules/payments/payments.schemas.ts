import { z } from "zod";

/** The order to pay; a total sent by an older client is accepted and never trusted. */
export const createPaymentIntentBody = z.strictObject({
  orderId: z.string().min(1).max(100).optional(),
  toolPrice: z.number().optional(),
});

export const paymentIntent = z.object({ clientSecret: z.string() });
