import { describe, expect, it } from "vitest";
import { intlDates, zoneStarts } from "./zone-starts.js";

const startsIn = (timeZone: string, now: string) => {
  const dates = intlDates(timeZone);
  if (!dates) throw new Error(`Intl does not know ${timeZone}`);
  const { today, week } = zoneStarts(dates, new Date(now));
  return { today: today.toISOString(), week: week.toISOString() };
};

describe("the time zones Intl knows", () => {
  it("when a name is current, old, a link or an offset, then it is known; when it is no zone, it is not", () => {
    for (const zone of ["Asia/Kolkata", "Asia/Calcutta", "Europe/Kyiv", "Etc/UTC", "UTC", "America/Nuuk", "Asia/Ho_Chi_Minh", "Asia/Kathmandu", "America/Argentina/Buenos_Aires", "+05:30"]) {
      expect(intlDates(zone), zone).not.toBeNull();
    }
    for (const zone of ["Mars/Olympus", "", "Asia/Kolkata/", "posix/Mars"]) expect(intlDates(zone), zone).toBeNull();
  });
});

describe("where today and this week began", () => {
  it("when it is Wednesday afternoon in UTC, then today began at midnight and the week on Monday at midnight", () => {
    expect(startsIn("UTC", "2026-11-25T13:00:00Z")).toEqual({ today: "2026-11-25T00:00:00.000Z", week: "2026-11-23T00:00:00.000Z" });
  });

  it("when it is already tomorrow in the zone, then today is the zone's, begun at its midnight", () => {
    // 01:30 on Thursday the 26th in India (UTC+05:30).
    expect(startsIn("Asia/Kolkata", "2026-11-25T20:00:00Z")).toEqual({ today: "2026-11-25T18:30:00.000Z", week: "2026-11-22T18:30:00.000Z" });
    expect(startsIn("Asia/Kathmandu", "2026-11-25T20:00:00Z")).toEqual({ today: "2026-11-25T18:15:00.000Z", week: "2026-11-22T18:15:00.000Z" });
  });

  it("when it is Sunday, then the week began six days before; on Monday, today", () => {
    expect(startsIn("UTC", "2026-11-29T23:59:59Z").week).toBe("2026-11-23T00:00:00.000Z");
    expect(startsIn("UTC", "2026-11-30T00:00:00Z")).toEqual({ today: "2026-11-30T00:00:00.000Z", week: "2026-11-30T00:00:00.000Z" });
  });

  it("when the clocks changed since Monday, then each start is on the clock of its own day", () => {
    // Berlin went from UTC+2 to UTC+1 at 03:00 on Sunday 25 October 2026.
    expect(startsIn("Europe/Berlin", "2026-10-27T12:00:00Z")).toEqual({ today: "2026-10-26T23:00:00.000Z", week: "2026-10-25T23:00:00.000Z" });
    expect(startsIn("Europe/Berlin", "2026-10-25T12:00:00Z")).toEqual({ today: "2026-10-24T22:00:00.000Z", week: "2026-10-18T22:00:00.000Z" });
  });

  it("when a day has no midnight, the clocks jumping from 24:00 to 01:00, then it began when they jumped", () => {
    // Chile moves its clocks from 24:00 on the first Saturday of September to 01:00 (UTC-4 to UTC-3).
    expect(startsIn("America/Santiago", "2026-09-06T15:00:00Z").today).toBe("2026-09-06T04:00:00.000Z");
  });
});
