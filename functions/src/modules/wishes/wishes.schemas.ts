import { z } from "zod";
import { dollars, text } from "../common.schemas.js";

export const wish = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  details: z.string(),
  userName: z.string(),
  createdAt: z.string(),
});
export type Wish = z.infer<typeof wish>;

export const addWishBody = z.strictObject({
  name: text(120),
  price: dollars,
  details: text(2000),
  // Sent by the spec's client; the name stored is the signed-in user's.
  userName: z.string().max(200).optional(),
});
export type AddWishBody = z.infer<typeof addWishBody>;
