import type { TimeZones } from "../time-zones.js";
import { intlDates, zoneStarts } from "../zone-starts.js";

/**
 * The time zones the overview counts in on Firestore: those the runtime's Intl knows (IANA names
 * old and current, links, offsets). Firestore has no zone data of its own to add.
 */
export function firestoreTimeZones(): TimeZones {
  return {
    async startsIn(timeZone, now = new Date()) {
      const dates = intlDates(timeZone);
      return dates ? zoneStarts(dates, now) : null;
    },
  };
}
