import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.js";
import { likePattern } from "../../lib/page-cursor.js";
import type { WishStatus } from "./wishes.schemas.js";
import { type WisherRow, wishers, wishes, type WishRow } from "./wishes.tables.js";

/** Every wish newest first, at most `limit`: wishes_created_idx, read backwards until the limit. */
export function listWishes(db: Queryable, limit: number): Promise<WishRow[]> {
  return db.select().from(wishes).orderBy(desc(wishes.createdAt), desc(wishes.id)).limit(limit);
}

export async function insertWish(db: Queryable, values: typeof wishes.$inferInsert): Promise<WishRow> {
  const [row] = await db.insert(wishes).values(values).returning();
  return row!;
}

/** Open wishes, counted on wishes_listed_idx alone. */
export async function countOpen(db: Queryable): Promise<number> {
  const [row] = await db.select({ open: count() }).from(wishes).where(eq(wishes.status, "open"));
  return row?.open ?? 0;
}

/** What User Wish asks for: the wishes of one answer, a search, and where the page starts. */
export interface WishGroupsView {
  status: WishStatus;
  /** Lower-cased and single-spaced; null is no search. */
  q: string | null;
  /** The search as a tool's name is grouped (`wishKey`); null or empty matches no name. */
  nameKey: string | null;
  /** The id of the most recent wish of the group the page before ended on. */
  afterId: string | null;
  limit: number;
  /** The most of a group's wishes listed, newest first. */
  wishesPerGroup: number;
}

export interface GroupedWishRow extends WishRow {
  /** Null once the wisher's account was removed. */
  userEmail: string | null;
}

export interface WishGroupRow {
  key: string;
  count: number;
  medianCents: number;
  latestAt: Date;
  /** Newest first; the first is the group's most recent wish. */
  wishes: GroupedWishRow[];
}

type GroupedWishResult = {
  key: string;
  count: number;
  median_cents: number;
  latest_at: Date | string;
  id: string;
  user_id: string;
  user_name: string;
  user_email: string | null;
  name: string;
  price_cents: number | string;
  details: string;
  created_at: Date | string;
  status: WishStatus;
  tool_id: string | null;
  resolved_at: Date | string | null;
  name_key: string;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * One page of User Wish: the wishes of one answer grouped by their stored `name_key`, the group
 * whose most recent wish is newest first (then by key, so that two groups wished for at the same
 * moment keep an order), each with its count, its median price and its newest `wishesPerGroup`
 * wishes.
 *
 * Which groups come first depends on every group's newest wish, so the answer's wishes are all
 * counted, but from wishes_grouped_idx alone, in key order, with nothing to compute: on PostgreSQL,
 * 40,000 open wishes in 3,000 groups take about 14 ms a page. Only the page's groups are then read
 * from the table, for their medians and their newest wishes. A search adds, per wish, a like on its
 * key and its wisher's name, and a look-up in the set of matching emails, found once.
 */
export async function listGroups(db: Queryable, view: WishGroupsView): Promise<WishGroupRow[]> {
  const { status, q, nameKey, afterId, limit, wishesPerGroup } = view;
  const matches: SQL[] = [];
  if (q) {
    if (nameKey) matches.push(sql`${wishes.nameKey} like ${likePattern(nameKey)}`);
    matches.push(sql`${wishes.userName} ilike ${likePattern(q)}`);
    matches.push(sql`${wishes.userId} in (select ${wishers.userId} from ${wishers} where ${wishers.email} ilike ${likePattern(q)})`);
  }
  // A group is shown whole when any of its wishes matches the search.
  const shown = matches.length > 0 ? sql`having bool_or(${sql.join(matches, sql` or `)})` : sql``;
  // The cursor names the newest wish of the page's last group, whose time and key are the group's.
  const after = afterId
    ? sql`where (latest_at, key) < (select ${wishes.createdAt}, ${wishes.nameKey} from ${wishes} where ${wishes.id} = ${afterId})`
    : sql``;

  const result = await db.execute<GroupedWishResult>(sql`
    with grouped as (
      select ${wishes.nameKey} as key, count(*)::int as count, max(${wishes.createdAt}) as latest_at
      from ${wishes}
      where ${wishes.status} = ${status}
      group by ${wishes.nameKey}
      ${shown}
    ),
    page as (
      select * from grouped
      ${after}
      order by latest_at desc, key desc
      limit ${limit}
    ),
    members as materialized (
      select w.id, w.name_key as key, w.created_at, w.price_cents
      from page join ${wishes} as w on w.status = ${status} and w.name_key = page.key
    ),
    medians as (
      select key, percentile_cont(0.5) within group (order by price_cents) as median_cents
      from members
      group by key
    ),
    listed as (
      select id, key, row_number() over (partition by key order by created_at desc, id desc) as place
      from members
    )
    select page.key, page.count, medians.median_cents, page.latest_at,
           w.id, w.user_id, w.user_name, ${wishers.email} as user_email, w.name, w.price_cents,
           w.details, w.created_at, w.status, w.tool_id, w.resolved_at, w.name_key
    from page
    join medians on medians.key = page.key
    join listed on listed.key = page.key and listed.place <= ${wishesPerGroup}
    join ${wishes} as w on w.id = listed.id
    left join ${wishers} on ${wishers.userId} = w.user_id and not ${wishers.removed}
    order by page.latest_at desc, page.key desc, w.created_at desc, w.id desc`);

  const groups: WishGroupRow[] = [];
  for (const row of result.rows) {
    let group = groups.at(-1);
    if (!group || group.key !== row.key) {
      group = { key: row.key, count: row.count, medianCents: Number(row.median_cents), latestAt: asDate(row.latest_at), wishes: [] };
      groups.push(group);
    }
    group.wishes.push({
      id: row.id,
      userId: row.user_id,
      userName: row.user_name,
      userEmail: row.user_email,
      name: row.name,
      priceCents: Number(row.price_cents),
      details: row.details,
      createdAt: asDate(row.created_at),
      status: row.status,
      toolId: row.tool_id,
      resolvedAt: row.resolved_at === null ? null : asDate(row.resolved_at),
      nameKey: row.name_key,
    });
  }
  return groups;
}

/** These wishes, held for the rest of the transaction, in one order so two answers never wait in a circle. */
export function lockWishes(tx: Queryable, ids: string[]): Promise<WishRow[]> {
  return tx.select().from(wishes).where(inArray(wishes.id, ids)).orderBy(asc(wishes.id)).for("update");
}

export async function markResolved(tx: Queryable, ids: string[], status: Exclude<WishStatus, "open">): Promise<void> {
  await tx
    .update(wishes)
    .set({ status, resolvedAt: sql`now()` })
    .where(and(inArray(wishes.id, ids), eq(wishes.status, "open")));
}

/** Done, with the tool added for them; wishes that already name a tool keep it, and declined ones stay declined. */
export async function markFulfilled(tx: Queryable, ids: string[], toolId: string): Promise<void> {
  await tx
    .update(wishes)
    .set({ status: "done", toolId, resolvedAt: sql`now()` })
    .where(and(inArray(wishes.id, ids), isNull(wishes.toolId), ne(wishes.status, "declined")));
}

/** The address of each of these wishers whose account is still there. */
export async function wisherEmails(tx: Queryable, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: wishers.userId, email: wishers.email })
    .from(wishers)
    .where(and(inArray(wishers.userId, userIds), eq(wishers.removed, false)));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/**
 * Writes a wisher's address and whether their account is removed, as the users module has them now.
 * A row that already says so is left untouched, so a sign-in that changes nothing writes nothing.
 */
export async function keepWisher(tx: Queryable, wisher: WisherRow): Promise<void> {
  await tx
    .insert(wishers)
    .values(wisher)
    .onConflictDoUpdate({
      target: wishers.userId,
      set: { email: sql`excluded.email`, removed: sql`excluded.removed` },
      setWhere: sql`(${wishers.email}, ${wishers.removed}) is distinct from (excluded.email, excluded.removed)`,
    });
}
