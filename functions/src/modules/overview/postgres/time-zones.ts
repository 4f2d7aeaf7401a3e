import { sql } from "drizzle-orm";
import type { Queryable } from "../../../db/client.js";
import type { TimeZones } from "../time-zones.js";
import { intlDates, type ZoneStarts, zoneStarts } from "../zone-starts.js";

/**
 * The time zones the overview counts in: every name the runtime's Intl knows (IANA names old and
 * current, links, offsets), and every name in the database's pg_timezone_names. ICU's tz data and
 * the database's are updated apart, so either may know a zone the other does not yet.
 */
export function postgresTimeZones(db: Queryable): TimeZones {
  // Read once, on first need: pg_timezone_names walks the database's zone files.
  let databaseNames: Promise<ReadonlySet<string>> | null = null;
  const databaseKnows = async (timeZone: string) => {
    databaseNames ??= db.execute<{ name: string }>(sql`select name from pg_timezone_names`).then(
      (result) => new Set(result.rows.map((row) => row.name)),
      (error: unknown) => {
        databaseNames = null;
        throw error;
      },
    );
    return (await databaseNames).has(timeZone);
  };

  /** Where today and this week began in a zone only the database knows, on the database's clock. */
  async function databaseStarts(timeZone: string): Promise<ZoneStarts> {
    // As milliseconds since the epoch: the same number from every driver.
    const since = (unit: "day" | "week") => sql`(extract(epoch from date_trunc(${unit}, now() at time zone ${timeZone}) at time zone ${timeZone}) * 1000)::float8`;
    const result = await db.execute<{ today: number; week: number }>(sql`select ${since("day")} as today, ${since("week")} as week`);
    const row = result.rows[0]!;
    return { today: new Date(Number(row.today)), week: new Date(Number(row.week)) };
  }

  return {
    async startsIn(timeZone, now = new Date()) {
      const dates = intlDates(timeZone);
      if (dates) return zoneStarts(dates, now);
      return (await databaseKnows(timeZone)) ? databaseStarts(timeZone) : null;
    },
  };
}
