import type { Database } from "../../db/client.js";
import type { WishRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { toCents, toDollars } from "../../lib/money.js";
import * as repository from "./wishes.repository.js";
import type { AddWishBody, Wish } from "./wishes.schemas.js";

const toWish = (row: WishRow): Wish => ({
  _id: row.id,
  name: row.name,
  price: toDollars(row.priceCents),
  details: row.details,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

export function createWishesService(db: Database) {
  return {
    async list(): Promise<Wish[]> {
      return (await repository.listWishes(db)).map(toWish);
    },
    async add(principal: Principal, { name, price, details }: AddWishBody): Promise<Wish> {
      return toWish(
        await repository.insertWish(db, { userId: principal.id, userName: principal.name, name, priceCents: toCents(price), details }),
      );
    },
  };
}
export type WishesService = ReturnType<typeof createWishesService>;
