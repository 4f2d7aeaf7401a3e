import type pg from "pg";

import { removeThenVacuum, withClient } from "./own-client.js";

/** The shop the admin's lists are measured on (issue 13): 100,000 buyers and 1,000,000 orders; and a wish from each buyer (issue 20). */
export const LARGE_SHOP_USERS = 100_000;
export const LARGE_SHOP_ORDERS = 1_000_000;
export const LARGE_SHOP_WISHES = LARGE_SHOP_USERS;

/** Every seeded buyer's email ends so, which no other account's does: how the run finds them to remove them. */
const DOMAIN = "bench-shop.toolshop.test";

/** Removes the seeded orders, wishes and buyers (from this run, or from one that was stopped half-way). */
export function removeLargeShop(url: string): Promise<void> {
  return removeThenVacuum(url, deleteSeededShop, "orders, users, wishes");
}

/** The references to a user that no index of the shop covers (orders' is orders_user_idx). */
const REFERENCES_TO_USERS = [
  ["wishes", "user_id"],
  ["reviews", "user_id"],
  ["audit_log", "actor_id"],
  ["stock_movements", "actor_id"],
] as const;

/** Deletes the seeded orders, wishes and buyers; says how many orders. */
async function deleteSeededShop(client: pg.Client): Promise<number> {
  await client.query("begin");
  // Deleting a buyer checks that no wish, review, audit entry or stock movement names it. No query
  // of the shop looks those up by user, so nothing indexes them so; without an index, each check
  // reads the whole table (and the large catalogue's removed movements), once per buyer: hours for
  // 100,000 buyers. The indexes live only as long as the delete.
  for (const [table, column] of REFERENCES_TO_USERS) await client.query(`create index bench_${table}_by_user_idx on ${table} (${column})`);
  const { rowCount } = await client.query("delete from orders where user_email like $1", [`%@${DOMAIN}`]);
  await client.query("delete from wishes where user_id in (select id from users where email like $1)", [`%@${DOMAIN}`]);
  await client.query("delete from users where email like $1", [`%@${DOMAIN}`]);
  for (const [table] of REFERENCES_TO_USERS) await client.query(`drop index bench_${table}_by_user_idx`);
  await client.query("commit");
  return rowCount ?? 0;
}

/**
 * Three statements: the buyers, one joining every five minutes over a year, then their orders, ten
 * each on average, one every 63 seconds over two years, of `toolId`. As in a shop that ships what it
 * sells, the orders of the last two weeks (the newest 20,000) are still moving: two in ten unpaid,
 * three paid, four shipped, one cancelled; older ones are shipped (17 in 20), cancelled (2) or
 * refunded (1). Ids are derived from the numbers, so an order names its buyer without a lookup. The
 * tool's stock is not touched: these orders are history, not the order scenario's. Then User
 * Wish's copy of each buyer, and a wish from each.
 */
export function seedLargeShop(url: string, tool: { id: string; name: string }): Promise<{ middleOrderId: string; sampleOrderIds: string[] }> {
  return withClient(url, async (client) => {
    await deleteSeededShop(client);
    await client.query(
      `insert into users (id, firebase_uid, email, name, created_at)
       select md5('bench-user-' || i)::uuid, 'bench-user-' || i, 'buyer' || i || '@' || $2, 'Buyer ' || i,
              timestamptz '2025-01-01' + i * interval '5 minutes'
       from generate_series(1, $1::int) as i`,
      [LARGE_SHOP_USERS, DOMAIN],
    );
    await client.query(
      `insert into orders (id, tool_id, tool_name, user_id, user_name, user_email, user_phone, user_address, quantity, total_cents,
                           status, created_at, paid_at, shipped_at, cancelled_at, refunded_at, transaction_id)
       select md5('bench-order-' || i)::uuid, $3, $4, md5('bench-user-' || u)::uuid, 'Buyer ' || u, 'buyer' || u || '@' || $2,
              '+1 555 0100', '1 Bench Street', 1 + i % 5, (1 + i % 5) * 1900,
              s.status, t.at,
              case when s.status in ('paid', 'shipped', 'refunded') then t.at + interval '10 minutes' end,
              case when s.status = 'shipped' then t.at + interval '1 day' end,
              case when s.status = 'cancelled' then t.at + interval '1 hour' end,
              case when s.status = 'refunded' then t.at + interval '2 hours' end,
              case when s.status in ('paid', 'shipped', 'refunded') then 'pi_bench_' || i end
       from generate_series(1, $1::int) as i,
            lateral (select 1 + (i::bigint * 7919) % $5::int as u) as b,
            lateral (select timestamptz '2024-11-01' + i * interval '63 seconds' as at) as t,
            lateral (select case when i > $1::int - 20000
              then (array['unpaid', 'unpaid', 'paid', 'paid', 'paid', 'shipped', 'shipped', 'shipped', 'shipped', 'cancelled'])[1 + i % 10]
              else (array['shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped',
                          'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'shipped', 'cancelled', 'cancelled', 'refunded'])[1 + i % 20]
              end as status) as s`,
      [LARGE_SHOP_ORDERS, DOMAIN, tool.id, tool.name, LARGE_SHOP_USERS],
    );
    // User Wish's copy of each buyer (docs/decisions/0023), as their first sign-in would write it.
    await client.query(
      `insert into wishers (user_id, email) select md5('bench-user-' || i)::uuid, 'buyer' || i || '@' || $2 from generate_series(1, $1::int) as i`,
      [LARGE_SHOP_USERS, DOMAIN],
    );
    // A wish from each buyer, for one of a dozen tools the shop does not carry, as they joined.
    await client.query(
      `insert into wishes (user_id, user_name, name, price_cents, details, created_at)
       select md5('bench-user-' || i)::uuid, 'Buyer ' || i,
              (array['Tile saw', 'Plate compactor', 'Log splitter', 'Drywall lift', 'Core drill', 'Scaffold tower',
                     'Floor sander', 'Concrete mixer', 'Post driver', 'Pipe threader', 'Welding set', 'Stump grinder'])[1 + i % 12],
              2000 + (i * 7919) % 50000, 'Wanted for a job next month; anything in fair condition will do.',
              timestamptz '2025-01-01' + i * interval '5 minutes' + interval '1 day'
       from generate_series(1, $1::int) as i`,
      [LARGE_SHOP_WISHES],
    );
    await client.query("vacuum analyze orders, users, wishers, wishes");
    // Where pages start: the 500,000th order, and a thousand orders from anywhere for pages asked for once.
    const { rows } = await client.query<{ id: string }>(
      "select md5('bench-order-' || i)::uuid::text as id from (select $1::int as i union all select 1 + (n * 997) % $2::int from generate_series(1, 1000) as n) as v",
      [LARGE_SHOP_ORDERS / 2, LARGE_SHOP_ORDERS],
    );
    return { middleOrderId: rows[0]!.id, sampleOrderIds: rows.slice(1).map((row) => row.id) };
  });
}
