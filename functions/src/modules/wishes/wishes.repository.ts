import { desc } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { wishes, type WishRow } from "../../db/schema.js";

export function listWishes(db: Queryable): Promise<WishRow[]> {
  return db.select().from(wishes).orderBy(desc(wishes.createdAt), desc(wishes.id));
}

export async function insertWish(db: Queryable, values: typeof wishes.$inferInsert): Promise<WishRow> {
  const [row] = await db.insert(wishes).values(values).returning();
  return row!;
}
