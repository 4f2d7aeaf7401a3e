import { z } from "zod";
import { text } from "../common.schemas.js";

/** A cancelled order is only ever seen by replaying the Idempotency-Key that placed it. */
export const orderStatus = z.enum(["unpaid", "paid", "shipped", "cancelled"]);

export const order = z.object({
  _id: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  quantityAmount: z.number().int(),
  toolPrice: z.number(),
  paid: z.boolean(),
  shipped: z.boolean(),
  status: orderStatus,
  createdAt: z.string(),
  transactionId: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/**
 * The spec's client sends the tool's name, the buyer's name and email and a total with each order.
 * They are accepted so that client keeps working, and ignored: the server takes them from the token
 * and the catalog.
 */
const ignored = z.union([z.string().max(500), z.number()]).optional();

export const placeOrderBody = z.strictObject({
  toolId: z.string().min(1, "Required").max(100),
  quantityAmount: z
    .number()
    .int("Must be a whole number of units")
    .min(1, "Must be at least 1")
    .max(1_000_000, "At most 1000000 units"),
  userPhone: text(40).refine((value) => /^[+()\d\s.-]{3,40}$/.test(value), "Must be a phone number"),
  userAddress: text(500),
  toolName: ignored,
  userName: ignored,
  userEmail: ignored,
  toolPrice: ignored,
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const placeOrderHeaders = z.looseObject({
  "idempotency-key": z.string().min(1).max(255).optional(),
});

export const listOrdersQuery = z.strictObject({ userEmail: z.string().min(3).max(254) });
