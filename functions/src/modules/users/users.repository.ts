import { and, asc, desc, eq, getTableName, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client.js";
import { queryPrepared } from "../../db/prepared.js";
import type { Principal } from "../../lib/auth.js";
import { users, type UserRow } from "./users.tables.js";

const active = isNull(users.removedAt);
const normalEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => eq(users.email, normalEmail(email));

/**
 * Runs on every authenticated call, so it is one fixed statement, planned once per connection, that
 * reads the accounts of all the calls waiting at that moment (ids in canonical form).
 */
export function findPrincipals(db: Database, ids: readonly string[]): Promise<Principal[]> {
  return queryPrepared<Principal>(
    db,
    "find_principals",
    `select id, email, name, role from ${getTableName(users)} where id = any($1::uuid[]) and removed_at is null`,
    [ids],
  );
}

export async function findActiveByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(and(byEmail(email), active));
  return row ?? null;
}

/** Active users in the order they joined, at most `limit`: users_listed_idx, read until the limit. */
export function listActive(db: Queryable, limit: number): Promise<UserRow[]> {
  return db.select().from(users).where(active).orderBy(asc(users.createdAt), asc(users.email)).limit(limit);
}

/** A search as typed, with LIKE's wildcards taken literally, found anywhere in a text. */
const anywhereIn = (words: string) => `%${words.replace(/[\\%_]/g, "\\$&")}%`;

export interface ActivePageFilter {
  /** Found anywhere in the email or the name, whatever the case. */
  search?: string;
  role?: "buyer" | "admin";
  /** The page starts after this user, in the order (created_at, id), newest first. */
  afterId?: string;
  limit: number;
}

/**
 * One page of the active users, newest first. The order ends in the id, so users who joined in the
 * same microsecond still have one order and a page boundary between them loses none. The cursor's
 * key is read in SQL from the user's own row, at full precision.
 */
export function pageOfActive(db: Queryable, { search, role, afterId, limit }: ActivePageFilter): Promise<UserRow[]> {
  const conditions: SQL[] = [active];
  if (search) {
    const pattern = anywhereIn(search);
    // The one expression users_search_idx holds by trigram (migration 0008), so a search of three
    // characters or more reads the index rather than every account.
    conditions.push(sql`(${users.email} || ' ' || ${users.name}) ilike ${pattern}`);
  }
  if (role) conditions.push(eq(users.role, role));
  if (afterId) {
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (select last_shown.created_at, last_shown.id from ${users} as last_shown where last_shown.id = ${afterId})`,
    );
  }
  return db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** Whether the id names an account, removed or not. */
export async function accountExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

/** Those of these accounts that an admin removed. */
export async function removedAmong(db: Queryable, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.removedAt)));
  return rows.map((row) => row.id);
}

/**
 * The account of a Firebase uid and the account holding an email (the same row, two rows, or
 * none), removed or not, locked in one statement in id order until the transaction ends.
 */
export async function lockAccountsOf(tx: Queryable, firebaseUid: string, email: string): Promise<{ own: UserRow | null; holder: UserRow | null }> {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.firebaseUid, firebaseUid), byEmail(email)))
    .orderBy(asc(users.id))
    .for("update");
  const own = rows.find((row) => row.firebaseUid === firebaseUid) ?? null;
  const holder = rows.find((row) => row.email === normalEmail(email)) ?? null;
  return { own, holder };
}

/** An account that is not removed, locked until the transaction ends. */
export async function lockActiveById(tx: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(and(eq(users.id, id), active)).for("update");
  return row ?? null;
}

export async function lockActiveByEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(and(byEmail(email), active)).for("update");
  return row ?? null;
}

/**
 * Locks every active admin's row, always in id order so two callers cannot deadlock, and returns
 * their ids. PostgreSQL checks a row again once its lock is granted, so an admin removed by a
 * transaction this one waited for is no longer in the list: the ids are the active admins as of
 * now, and none of them can be removed or demoted until this transaction ends.
 */
export async function lockActiveAdmins(tx: Queryable): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), active))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

export interface AccountValues {
  firebaseUid: string;
  email: string;
  name: string;
  role: "buyer" | "admin";
}

export async function insertAccount(tx: Queryable, values: AccountValues): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, email: normalEmail(values.email) })
    .returning();
  return row!;
}

/**
 * Brings an account up to date with its Firebase user: uid (when a verified owner takes it over),
 * email (changed in Firebase) and name. A role only ever rises here: an admin claim set from the
 * command line promotes, a missing claim never demotes.
 */
export async function refreshAccount(tx: Queryable, id: string, values: AccountValues): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      firebaseUid: values.firebaseUid,
      email: normalEmail(values.email),
      name: values.name,
      role: values.role === "admin" ? "admin" : sql`${users.role}`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
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

export async function promoteToAdmin(tx: Queryable, id: string): Promise<UserRow> {
  const [row] = await tx.update(users).set({ role: "admin", updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
  return row!;
}

export async function markRemoved(tx: Queryable, id: string): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ removedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
