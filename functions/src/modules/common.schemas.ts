import { z } from "zod";

/** Ids are opaque strings to clients; an unknown one is simply not found. */
export const idParams = z.strictObject({ id: z.string().min(1).max(100) });
export const emailParams = z.strictObject({ email: z.string().min(3).max(254) });

export const text = (max: number) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);
export const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** Dollars with at most two decimals, as the shop shows them. */
export const dollars = z
  .number()
  .nonnegative()
  .max(10_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "At most two decimals");

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
