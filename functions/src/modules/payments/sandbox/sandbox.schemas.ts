import { z } from "zod";

/**
 * What the sandbox's card form sends. Fields are loose on purpose: a missing or malformed card
 * detail is answered with the card message Stripe would give, not a schema error.
 */
export const confirmSandboxIntentBody = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  card: z.strictObject({
    number: z.string().max(40),
    expMonth: z.number().int().nullable(),
    expYear: z.number().int().nullable(),
    cvc: z.string().max(10),
  }),
  billingDetails: z.strictObject({
    name: z.string().max(200),
    email: z.string().max(254),
  }),
});
export type ConfirmSandboxIntentBody = z.infer<typeof confirmSandboxIntentBody>;

export const sandboxIntentParams = z.strictObject({ id: z.string().min(1).max(100) });

export const confirmedSandboxIntent = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});
