import { z } from "zod";
import { dollars, text } from "../common.schemas.js";

/** The longest texts of a wish stored, in characters. */
export const WISH_NAME_MAX_LENGTH = 120;
export const WISH_DETAILS_MAX_LENGTH = 2000;
/** The spec's client sends a name along; it is bounded, then ignored. */
const SENT_NAME_MAX_LENGTH = 200;

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
  name: text(WISH_NAME_MAX_LENGTH),
  price: dollars,
  details: text(WISH_DETAILS_MAX_LENGTH),
  // Sent by the spec's client; the name stored is the signed-in user's.
  userName: z.string().max(SENT_NAME_MAX_LENGTH).optional(),
});
export type AddWishBody = z.infer<typeof addWishBody>;
