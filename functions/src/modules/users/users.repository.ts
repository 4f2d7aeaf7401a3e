import { and, asc, eq, getTableName, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client.js";
import { queryPrepared } from "../../db/prepared.js";
import { users, type UserRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { isUuid } from "../../lib/ids.js";

const active = isNull(users.removedAt);
const byEmail = (email: string) => eq(users.email, email.trim().toLowerCase());

/** Runs on every authenticated call, so it is one fixed statement, planned once per connection. */
export async function findPrincipal(db: Database, id: string): Promise<Principal | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryPrepared<Principal>(
    db,
    "find_principal",
    `select id, email, name, role from ${getTableName(users)} where id = $1 and removed_at is null`,
    [id],
  );
  return row ?? null;
}

export async function findActiveByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(byEmail(email), active));
  return row ?? null;
}

export function listActive(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).where(active).orderBy(asc(users.createdAt), asc(users.email));
}

/**
 * Creates the row on first sign-in and refreshes it after. A role only ever rises here:
 * an admin claim set from the command line promotes, a missing claim never demotes.
 */
export async function upsertOnSignIn(
  db: Queryable,
  values: { firebaseUid: string; email: string; name: string; role: "buyer" | "admin" },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firebaseUid: sql`excluded.firebase_uid`,
        name: sql`excluded.name`,
        role: sql`case when excluded.role = 'admin' then 'admin' else ${users.role} end`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function updateProfile(
  db: Queryable,
  email: string,
  values: Partial<Pick<UserRow, "education" | "location" | "number" | "linkIn">>,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(byEmail(email), active))
    .returning();
  return row ?? null;
}

export async function promoteToAdmin(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ role: "admin", updatedAt: sql`now()` })
    .where(and(byEmail(email), active))
    .returning();
  return row ?? null;
}

export async function markRemoved(db: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(users)
    .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), active))
    .returning();
  return row ?? null;
}

export async function isRemoved(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(byEmail(email), sql`${users.removedAt} is not null`));
  return row !== undefined;
}
