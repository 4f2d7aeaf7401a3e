import { z } from "zod";
import { optionalText } from "../common.schemas.js";

export const user = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["buyer", "admin"]),
  education: z.string(),
  location: z.string(),
  number: z.string(),
  linkIn: z.string(),
});
export type User = z.infer<typeof user>;

/** The sign-in exchange may repeat the email it is for; nothing else. Fastify gives a bodyless PUT a null body. */
export const signInBody = z.strictObject({ email: z.string().max(254).optional() }).nullish();

export const signInResponse = z.object({ token: z.string(), user });

export const adminStatus = z.object({ admin: z.boolean() });

/** Every profile field is optional; an empty string clears it. */
export const updateProfileBody = z.strictObject({
  education: optionalText(200).optional(),
  location: optionalText(200).optional(),
  number: optionalText(40)
    .refine((value) => value === "" || /^[+()\d\s.-]{3,40}$/.test(value), "Must be a phone number")
    .optional(),
  linkIn: optionalText(500)
    .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "Must be an http(s) URL")
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
