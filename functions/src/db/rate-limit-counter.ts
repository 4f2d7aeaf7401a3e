import type { RateLimitCounter } from "../lib/rate-limit.js";
import type { Database } from "./client.js";
import { queryPrepared } from "./prepared.js";

export interface RateLimitCounterOptions {
  windowSeconds?: number;
}

const WINDOW_SECONDS = 60;

// The window is the database's clock cut into fixed slices, so every instance counts in the same
// one. One statement: the insert, or the increment of a window that has room, is atomic on the
// primary key, so a burst spread over any number of instances admits exactly `limit`. A window that
// is full is left as it is: a flood past the limit writes nothing.
const TAKE = `
  with slice as (
    select to_timestamp(floor(extract(epoch from now()) / $3::int) * $3::int) as start
  ), counted as (
    insert into rate_limit_counters as counter (window_start, key, count)
    select start, $1::text, 1 from slice
    on conflict (window_start, key) do update set count = counter.count + 1 where counter.count < $2::int
    returning counter.count
  )
  select (select count from counted) as count,
         ceil(extract(epoch from (start + make_interval(secs => $3::int) - now())))::int as seconds_left
  from slice`;

// Windows before the previous one are over for every instance, whatever its clock.
const SWEEP = `delete from rate_limit_counters where window_start < now() - make_interval(secs => 2 * $1::int)`;

/**
 * Fixed windows per key, counted in PostgreSQL (`rate_limit_counters`, rate-limit.tables.ts): every
 * API instance on the database shares one count (docs/decisions/0010-rate-limits-in-postgresql.md).
 * A request costs one indexed upsert, whatever the number of keys. Windows that are over are deleted
 * at most once a window per instance, beside a request rather than in its way: one range of the
 * primary key, each row once.
 */
export function postgresRateLimitCounter(db: Database, { windowSeconds = WINDOW_SECONDS }: RateLimitCounterOptions = {}): RateLimitCounter {
  let nextSweepAt = 0;

  function sweepNowAndThen() {
    if (Date.now() < nextSweepAt) return;
    nextSweepAt = Date.now() + windowSeconds * 1000;
    // Left for the next instance or window when the database cannot take it now.
    db.$client.query(SWEEP, [windowSeconds]).catch(() => undefined);
  }

  return {
    async take(key, limit) {
      const [row] = await queryPrepared<{ count: number | null; seconds_left: number }>(db, "rate_limit_take", TAKE, [key, limit, windowSeconds]);
      sweepNowAndThen();
      if (row && row.count !== null) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, row?.seconds_left ?? windowSeconds) };
    },
  };
}
