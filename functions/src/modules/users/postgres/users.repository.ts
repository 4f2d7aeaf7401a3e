import { and, asc, desc, eq, getTableName, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../../db/adapters/pg-errors.js";
import type { Database } from "../../../db/client.js";
import { queryPrepared } from "../../../db/prepared.js";
import { inPostgres } from "../../../db/unit-of-work.js";
import { isUuid } from "../../../lib/ids.js";
import type { Principal } from "../../../lib/auth.js";
import { AccountTaken, type UsersStore } from "../users.store.js";
import { users } from "./users.tables.js";

const active = isNull(users.removedAt);
/** Due from now, unless Firebase was already due to be told of an earlier change. */
const identityDueFromNow = sql`coalesce(${users.identitySyncDue}, now())`;
const normalEmail = (email: string) => email.trim().toLowerCase();
const byEmail = (email: string) => eq(users.email, normalEmail(email));

/** A search as typed, with LIKE's wildcards taken literally, found anywhere in a text. */
const anywhereIn = (words: string) => `%${words.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * users_email_key and users_firebase_uid_key refuse a second account. A unique violation aborts
 * PostgreSQL's transaction, so the change is undone whatever the caller does; it is told so in the
 * port's words.
 */
async function unlessTaken<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountTaken();
    throw error;
  }
}

/** The accounts in PostgreSQL. */
export function postgresUsersStore(db: Database): UsersStore {
  return {
    /**
     * Runs on every authenticated call, so it is one fixed statement, planned once per connection,
     * that reads the accounts of all the calls waiting at that moment.
     */
    findPrincipals(ids) {
      return queryPrepared<Principal>(
        db,
        "find_principals",
        `select id, email, name, role from ${getTableName(users)} where id = any($1::uuid[]) and removed_at is null`,
        [ids.filter(isUuid)],
      );
    },

    async findActiveByEmail(email) {
      const [row] = await db.select().from(users).where(and(byEmail(email), active));
      return row ?? null;
    },

    /** users_listed_idx, read until the limit. */
    listActive(limit) {
      return db.select().from(users).where(active).orderBy(asc(users.createdAt), asc(users.email)).limit(limit);
    },

    /** The cursor's key is read in SQL from the user's own row, at full precision (microseconds). */
    async pageOfActive({ search, role, afterId, limit }) {
      if (afterId !== undefined && !isUuid(afterId)) return [];
      const conditions: SQL[] = [active];
      if (search) {
        // The one expression users_search_idx holds by trigram (migration 0008), so a search of three
        // characters or more reads the index rather than every account.
        conditions.push(sql`(${users.email} || ' ' || ${users.name}) ilike ${anywhereIn(search)}`);
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
    },

    async accountExists(id) {
      if (!isUuid(id)) return false;
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      return row !== undefined;
    },

    async updateProfile(email, changes) {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(byEmail(email), active))
        .returning();
      return row ?? null;
    },

    /** One statement, `for update`, in id order. */
    async lockAccountsOf(tx, firebaseUid, email) {
      const rows = await inPostgres(tx)
        .select()
        .from(users)
        .where(or(eq(users.firebaseUid, firebaseUid), byEmail(email)))
        .orderBy(asc(users.id))
        .for("update");
      const own = rows.find((row) => row.firebaseUid === firebaseUid) ?? null;
      const holder = rows.find((row) => row.email === normalEmail(email)) ?? null;
      return { own, holder };
    },

    async lockActiveById(tx, id) {
      if (!isUuid(id)) return null;
      const [row] = await inPostgres(tx).select().from(users).where(and(eq(users.id, id), active)).for("update");
      return row ?? null;
    },

    async lockActiveByEmail(tx, email) {
      const [row] = await inPostgres(tx).select().from(users).where(and(byEmail(email), active)).for("update");
      return row ?? null;
    },

    /**
     * `for update` in id order. PostgreSQL checks a row again once its lock is granted, so an admin
     * removed by a transaction this one waited for is no longer in the list.
     */
    async lockActiveAdmins(tx) {
      const rows = await inPostgres(tx)
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), active))
        .orderBy(asc(users.id))
        .for("update");
      return rows.map((row) => row.id);
    },

    async insertAccount(tx, values) {
      const [row] = await unlessTaken(
        inPostgres(tx)
          .insert(users)
          .values({ ...values, email: normalEmail(values.email) })
          .returning(),
      );
      return row!;
    },

    async refreshAccount(tx, id, values) {
      const [row] = await unlessTaken(
        inPostgres(tx)
          .update(users)
          .set({
            firebaseUid: values.firebaseUid,
            email: normalEmail(values.email),
            name: values.name,
            role: values.role === "admin" ? "admin" : sql`${users.role}`,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id))
          .returning(),
      );
      return row!;
    },

    async promoteToAdmin(tx, id) {
      const [row] = await inPostgres(tx)
        .update(users)
        .set({ role: "admin", updatedAt: sql`now()`, identitySyncDue: identityDueFromNow })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    async markRemoved(tx, id) {
      const [row] = await inPostgres(tx)
        .update(users)
        .set({ removedAt: sql`now()`, updatedAt: sql`now()`, identitySyncDue: identityDueFromNow })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },

    /** One statement clears it only where the account is as told; otherwise the account is read as it is now. */
    async identitySynced(told) {
      const [cleared] = await db
        .update(users)
        .set({ identitySyncDue: null })
        .where(
          and(
            eq(users.id, told.id),
            eq(users.firebaseUid, told.firebaseUid),
            eq(users.role, told.role),
            told.removedAt ? isNotNull(users.removedAt) : isNull(users.removedAt),
          ),
        )
        .returning({ id: users.id });
      if (cleared) return null;
      const [now] = await db.select().from(users).where(eq(users.id, told.id));
      return now ?? null;
    },

    /** users_identity_due_idx. */
    identityDue(limit) {
      return db.select().from(users).where(isNotNull(users.identitySyncDue)).orderBy(asc(users.identitySyncDue), asc(users.id)).limit(limit);
    },
  };
}
