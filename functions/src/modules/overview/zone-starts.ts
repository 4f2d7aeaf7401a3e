/** Where today and this week (from Monday) began in a time zone, as instants. */
export interface ZoneStarts {
  today: Date;
  week: Date;
}

const DAY_MS = 86_400_000;
// No zone is a day or more from UTC: a window this wide around a date's UTC midnight holds its local start.
const WINDOW_MS = 25 * 3_600_000;

/**
 * A formatter of calendar dates in `timeZone`, or null when the runtime's Intl does not know it.
 * Intl takes IANA names old and current (Asia/Calcutta and Asia/Kolkata), links such as Etc/UTC,
 * and offsets such as +05:30.
 */
export function intlDates(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, calendar: "gregory", numberingSystem: "latn", year: "numeric", month: "numeric", day: "numeric" });
  } catch {
    return null;
  }
}

/** The calendar date an instant falls on in the formatter's zone, as that date's UTC midnight. */
function localDate(dates: Intl.DateTimeFormat, at: number): number {
  const parts = Object.fromEntries(dates.formatToParts(at).map(({ type, value }) => [type, value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
}

/**
 * The first instant, to the millisecond, whose local date is `date` (a UTC midnight) or later: a
 * search over the window, as a day can start at a time other than midnight when the clocks change.
 */
function startOfLocalDate(dates: Intl.DateTimeFormat, date: number): number {
  let before = date - WINDOW_MS;
  let from = date + WINDOW_MS;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (localDate(dates, middle) >= date) from = middle;
    else before = middle;
  }
  return from;
}

/** Where today and this week (ISO weeks start on Monday, as PostgreSQL's date_trunc('week')) began in the formatter's zone. */
export function zoneStarts(dates: Intl.DateTimeFormat, now: Date): ZoneStarts {
  const today = localDate(dates, now.getTime());
  const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return { today: new Date(startOfLocalDate(dates, today)), week: new Date(startOfLocalDate(dates, today - daysSinceMonday * DAY_MS)) };
}
