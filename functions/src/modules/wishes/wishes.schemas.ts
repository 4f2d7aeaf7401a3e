import { z } from "zod";
import { dollars, ID_MAX_LENGTH, pageCursor, pageLimit, text } from "../common.schemas.js";

/** The longest texts of a wish stored, in characters. */
export const WISH_NAME_MAX_LENGTH = 120;
export const WISH_DETAILS_MAX_LENGTH = 2000;
/** The contract's POST /wish (docs/product.md §8.2) sends a name along; it is bounded, then ignored. */
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
  // Sent by the contract's client (docs/product.md §8.2); the name stored is the signed-in user's.
  userName: z.string().max(SENT_NAME_MAX_LENGTH).optional(),
});
export type AddWishBody = z.infer<typeof addWishBody>;

/** An admin's answer to a wish: still open, done (the tool is sold, or it was dealt with) or declined. */
export const wishStatus = z.enum(["open", "done", "declined"]);
export type WishStatus = z.infer<typeof wishStatus>;

/** The most wishes one answer (resolve, fulfil) takes, and the most of a group's wishes User Wish lists. */
export const WISH_BATCH_MAX = 100;
export const WISH_GROUPS_PAGE_SIZE = 20;
export const WISH_GROUPS_PAGE_MAX = 50;
export const WISH_SEARCH_MAX_LENGTH = 100;

/** `GET /api/admin/wishes` (User Wish): groups of wishes for the same tool, newest activity first. */
export const wishGroupsQuery = z.strictObject({
  /** Part of the tool's name (as grouped: "Hammers" finds "hammer"), or of a wisher's name or email. */
  q: z.string().trim().max(WISH_SEARCH_MAX_LENGTH, `At most ${WISH_SEARCH_MAX_LENGTH} characters`).optional(),
  /** The wishes grouped; open ones when left out. */
  status: wishStatus.default("open"),
  cursor: pageCursor(),
  limit: pageLimit(WISH_GROUPS_PAGE_MAX, WISH_GROUPS_PAGE_SIZE),
});
export type WishGroupsQuery = z.infer<typeof wishGroupsQuery>;

/** One wish of a group, with its wisher's email and the admin's answer. */
export const groupedWish = wish.extend({
  /** The wisher's email; null once their account was removed. */
  userEmail: z.string().nullable(),
  status: wishStatus,
  /** The tool added for it, once there is one. */
  toolId: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type GroupedWish = z.infer<typeof groupedWish>;

export const wishGroup = z.object({
  /** The tool's name as the group's wishes share it (lower case, no punctuation, singular). */
  key: z.string(),
  /** The name as the most recent wish spells it. */
  name: z.string(),
  /** How many wishes the group has, all of them; `wishes` lists the newest, at most WISH_BATCH_MAX. */
  count: z.number().int(),
  /** The median of the group's approximate prices, in dollars, to the cent. */
  medianPrice: z.number(),
  /** When the group's most recent wish was made. */
  latestAt: z.string(),
  /** Newest first. */
  wishes: z.array(groupedWish),
});
export type WishGroup = z.infer<typeof wishGroup>;

export const wishGroupsPage = z.object({
  groups: z.array(wishGroup),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type WishGroupsPage = z.infer<typeof wishGroupsPage>;

const wishIds = z
  .array(z.string().min(1).max(ID_MAX_LENGTH))
  .min(1, "At least one wish")
  .max(WISH_BATCH_MAX, `At most ${WISH_BATCH_MAX} wishes`);

/** `POST /api/admin/wishes/resolve`: answers wishes (one, or a whole group) without adding a tool. */
export const resolveWishesBody = z.strictObject({
  wishIds,
  status: z.enum(["done", "declined"]),
});
export type ResolveWishesBody = z.infer<typeof resolveWishesBody>;

/** `POST /api/admin/wishes/fulfil`: the tool added for these wishes; their buyers are e-mailed a link to it. */
export const fulfilWishesBody = z.strictObject({
  wishIds,
  toolId: z.string().min(1).max(ID_MAX_LENGTH),
});
export type FulfilWishesBody = z.infer<typeof fulfilWishesBody>;

export const wishesAnswered = z.object({
  acknowledged: z.literal(true),
  /** The wishes this call changed; 0 when every one already had this answer. */
  modifiedCount: z.number().int(),
});
export type WishesAnswered = z.infer<typeof wishesAnswered>;

export const wishesFulfilled = wishesAnswered.extend({
  /** The buyers e-mailed by this call: each wisher once, never again for the same tool. */
  notifiedCount: z.number().int(),
});
export type WishesFulfilled = z.infer<typeof wishesFulfilled>;
