import { z } from "zod";
import { EMAIL_MAX_LENGTH, optionalText, pageCursor, pageLimit } from "../common.schemas.js";

/**
 * The longest display name the shop stores, in characters (code points). Names come from Firebase
 * (the ID token or the account), where anyone can set any length; a longer one is clipped to this
 * on the way in, not refused, so nobody is locked out by their own name.
 */
export const USER_NAME_MAX = 100;

export const PROFILE_EDUCATION_MAX_LENGTH = 200;
export const PROFILE_LOCATION_MAX_LENGTH = 200;
export const PROFILE_NUMBER_MAX_LENGTH = 40;
export const PROFILE_LINK_MAX_LENGTH = 500;

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
export const signInBody = z.strictObject({ email: z.string().max(EMAIL_MAX_LENGTH).optional() }).nullish();

export const signInResponse = z.object({ token: z.string(), user });

export const adminStatus = z.object({ admin: z.boolean() });

/** Every profile field is optional; an empty string clears it. */
export const updateProfileBody = z.strictObject({
  education: optionalText(PROFILE_EDUCATION_MAX_LENGTH).optional(),
  location: optionalText(PROFILE_LOCATION_MAX_LENGTH).optional(),
  number: optionalText(PROFILE_NUMBER_MAX_LENGTH)
    .refine((value) => value === "" || /^[+()\d\s.-]{3,}$/.test(value), "Must be a phone number")
    .optional(),
  linkIn: optionalText(PROFILE_LINK_MAX_LENGTH)
    .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), "Must be an http(s) URL")
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The most users one page of the admins' list holds. */
export const ADMIN_USERS_PAGE_MAX = 100;
/** A page's length when the call leaves `limit` out. */
export const ADMIN_USERS_PAGE_SIZE = 50;
export const USER_SEARCH_MAX_LENGTH = 100;

/** `GET /api/admin/users`: one page of the users, newest first, searched and filtered on the server. */
export const adminUsersQuery = z.strictObject({
  /** Found anywhere in the email or the name, whatever the case; blank means every user. */
  q: z.string().trim().max(USER_SEARCH_MAX_LENGTH, `At most ${USER_SEARCH_MAX_LENGTH} characters`).optional(),
  role: z.enum(["buyer", "admin"]).optional(),
  cursor: pageCursor(200),
  limit: pageLimit(ADMIN_USERS_PAGE_MAX, ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** A user as the admins' list shows them: the account and when it joined the shop. */
export const adminUser = user.extend({ createdAt: z.string() });
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersPage = z.object({
  users: z.array(adminUser),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;
