import type { Principal } from "../../lib/auth.js";
import { toCents, toDollars } from "../../lib/money.js";
import type { AddWishBody, GroupedWish, Wish, WishGroup } from "./wishes.schemas.js";
import type { GroupedWishRecord, NewWish, WishGroupRecord, WishRecord } from "./wishes.store.js";

/**
 * The one place the wishes module meets the contract's names (docs/product.md §9): inside, a wish's
 * price is `priceCents`; on the wire it is `price`, in dollars, and a wish's id is `_id`.
 */
export const toWish = (row: WishRecord): Wish => ({
  _id: row.id,
  name: row.name,
  price: toDollars(row.priceCents),
  details: row.details,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

const toGroupedWish = (row: GroupedWishRecord): GroupedWish => ({
  ...toWish(row),
  userEmail: row.userEmail,
  status: row.status,
  toolId: row.toolId,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

export const toWishGroup = (row: WishGroupRecord): WishGroup => ({
  key: row.key,
  name: row.wishes[0]!.name,
  count: row.count,
  medianPrice: toDollars(Math.round(row.medianCents)),
  latestAt: row.latestAt.toISOString(),
  wishes: row.wishes.map(toGroupedWish),
});

/** A buyer's wish as it is stored: under the signed-in buyer's name, whatever name the body sent. */
export const newWishOf = (principal: Principal, { name, price, details }: AddWishBody): NewWish => ({
  userId: principal.id,
  userName: principal.name,
  name,
  priceCents: toCents(price),
  details,
});
