import type { ZoneStarts } from "./zone-starts.js";

/**
 * Where a day and a week begin, in any zone the runtime or the store knows: the overview's port to
 * the store's own zone names (PostgreSQL's is postgres/time-zones.ts). The runtime's Intl
 * (zone-starts.ts) answers first; a store adds the names its own zone data knows.
 */
export interface TimeZones {
  /** Where today and this week (from Monday) began in `timeZone`; null when neither Intl nor the store knows it. */
  startsIn(timeZone: string, now?: Date): Promise<ZoneStarts | null>;
}
