import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Queryable } from "../../src/db/client.js";
import { postgresTimeZones } from "../../src/modules/overview/postgres/time-zones.js";
import type { ZoneStarts } from "../../src/modules/overview/zone-starts.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 20, point 5: the admin's overview refused current IANA names (Asia/Kolkata, Europe/Kyiv …)
// because it knew only ICU's canonical list. Now every name the runtime's Intl or the database knows
// is counted in, and only a name neither knows is a 400. Here, the names PostgreSQL knows
// (pg_timezone_names) besides Intl's; time-zones.test.ts holds Intl's on every store.

const ISSUE_ZONES = ["Asia/Kolkata", "Europe/Kyiv", "Etc/UTC", "America/Nuuk", "Asia/Ho_Chi_Minh", "Asia/Kathmandu", "America/Argentina/Buenos_Aires"];
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let api: TestApi;
let admin: SignedInUser;
let databaseNames: string[];

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  databaseNames = (await api.database.pool.query<{ name: string }>("select name from pg_timezone_names order by name")).rows.map((row) => row.name);
});
afterAll(() => api?.stop());

const intlKnows = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
};

/** The calendar date and weekday of an instant in a zone, read from Intl on its own. */
function dayIn(timeZone: string, at: number): { date: string; weekday: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short" }).formatToParts(at).map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: parts.weekday! };
}

/** Today began on today's date, the instant before was yesterday; the week began on a Monday, the instant before was a Sunday. */
function expectStartsByIntl(timeZone: string, { today, week }: ZoneStarts, now: Date) {
  const at = (instant: Date, offsetMs = 0) => dayIn(timeZone, instant.getTime() + offsetMs);
  expect(at(today).date, timeZone).toBe(at(now).date);
  expect(at(today, -1).date < at(today).date, timeZone).toBe(true);
  expect(at(week).weekday, timeZone).toBe("Mon");
  expect(at(week, -1).weekday, timeZone).toBe("Sun");
  expect(today.getTime() - week.getTime(), timeZone).toBeGreaterThanOrEqual(0);
  expect(today.getTime() - week.getTime(), timeZone).toBeLessThan(7 * DAY_MS);
}

/** The same, asked of the database, on the clock of the transaction the starts were read in. */
async function expectStartsByDatabase(tx: Queryable, timeZone: string, { today, week }: ZoneStarts) {
  const local = (instant: Date, offsetMs = 0) => sql`(${new Date(instant.getTime() + offsetMs).toISOString()}::timestamptz at time zone ${timeZone})`;
  const result = await tx.execute<Record<string, boolean>>(sql`
    select ${local(today)}::date = (now() at time zone ${timeZone})::date as "today is today",
      ${local(today, -1)}::date < ${local(today)}::date as "the instant before was yesterday",
      extract(isodow from ${local(week)}) = 1 as "the week began on a Monday",
      extract(isodow from ${local(week, -1)}) = 7 as "the instant before was a Sunday"`);
  expect({ timeZone, ...result.rows[0] }).toEqual({
    timeZone,
    "today is today": true,
    "the instant before was yesterday": true,
    "the week began on a Monday": true,
    "the instant before was a Sunday": true,
  });
}

describe("every time zone the runtime's Intl or the database knows", () => {
  it("when each of Intl's zones, the issue's seven names, and each of the database's zones is asked for, then today and this week begin where that zone's clock says", async () => {
    const intlZones = Intl.supportedValuesOf("timeZone");
    const names = [...new Set([...intlZones, ...ISSUE_ZONES, ...databaseNames])];
    expect(intlZones.length).toBeGreaterThan(400);
    expect(databaseNames.length).toBeGreaterThan(400);
    let byIntl = 0;
    let byDatabase = 0;
    // One transaction, so the database's clock stands still for the whole walk.
    await api.database.db.transaction(async (tx) => {
      const zones = postgresTimeZones(tx);
      const now = new Date();
      for (const name of names) {
        const starts = await zones.startsIn(name, now);
        expect(starts, name).not.toBeNull();
        if (intlKnows(name)) {
          expectStartsByIntl(name, starts!, now);
          byIntl++;
        } else {
          await expectStartsByDatabase(tx, name, starts!);
          byDatabase++;
        }
      }
    });
    // Both ways were walked: the database knows names (posix/…, Factory) that Intl does not.
    expect(byIntl).toBeGreaterThanOrEqual(intlZones.length);
    expect(byDatabase).toBeGreaterThan(0);
  });

  it("when a name is known to neither, then there are no starts for it", async () => {
    const zones = postgresTimeZones(api.database.db);
    for (const name of ["Mars/Olympus", "posix/Mars/Olympus", "Asia/Kolkata/", "asia kolkata", "'; select 1; --"]) expect(await zones.startsIn(name), name).toBeNull();
  });
});

describe("the overview in the admin's time zone", () => {
  const overview = (tz: string) => api.request("GET", `/admin/overview?tz=${encodeURIComponent(tz)}`, { token: admin.token });

  it("when asked in the issue's seven names, a sample of Intl's, and names only the database knows, then each is answered in that zone", async () => {
    const onlyDatabase = databaseNames.filter((name) => !intlKnows(name));
    const sample = [...ISSUE_ZONES, ...Intl.supportedValuesOf("timeZone").filter((_, i) => i % 20 === 0), ...onlyDatabase.filter((_, i) => i % 60 === 0)];
    expect(onlyDatabase.length).toBeGreaterThan(0);
    for (const tz of sample) {
      const response = await overview(tz);
      expect({ tz, status: response.status }).toEqual({ tz, status: 200 });
      expect(response.body.timeZone).toBe(tz);
    }
  });

  it("when orders were paid just after and just before the admin's midnight, then today counts only the one after, in a zone Intl knows and in one only the database knows", async () => {
    const onlyDatabase = databaseNames.find((name) => name === "posix/Asia/Kolkata") ?? databaseNames.find((name) => !intlKnows(name))!;
    const buyer = await api.signUp();
    const toolId = await api.addTool({ unitPriceCents: 10_00, minOrderQuantity: 1, stock: 100 });
    for (const tz of ["Asia/Kolkata", onlyDatabase]) {
      const [after, before] = [await api.placeOrder(buyer, toolId, 1), await api.placeOrder(buyer, toolId, 2)];
      const midnight = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
      await api.database.db.execute(sql`update orders set status = 'paid', paid_at = ${midnight} + interval '1 second' where id = ${after}`);
      await api.database.db.execute(sql`update orders set status = 'paid', paid_at = ${midnight} - interval '1 second' where id = ${before}`);
      const mondayToday = (await api.database.db.execute<{ monday: boolean }>(sql`select extract(isodow from now() at time zone ${tz}) = 1 as monday`)).rows[0]!.monday;

      // Past the half second an overview in a zone is kept.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const response = await overview(tz);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ timeZone: tz, revenueToday: 10, revenueThisWeek: mondayToday ? 10 : 30 });
      // The next zone counts its own orders only.
      await api.database.db.execute(sql`update orders set status = 'shipped', paid_at = now() - interval '30 days' where id in (${after}, ${before})`);
    }
  });
});
