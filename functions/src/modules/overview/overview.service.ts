import { createFreshCache } from "../../lib/fresh-cache.js";
import { countOverviewFigures, type OverviewSources } from "./overview-figures.js";
import { toOverview } from "./overview-wire.js";
import type { Overview, OverviewQuery } from "./overview.schemas.js";

export type { OverviewSources } from "./overview-figures.js";

/** The admin's overview: the figures other modules count, in one place. */
export interface OverviewService {
  /** The figures in the admin's time zone; an unknown zone is refused with 400. */
  get(query: OverviewQuery): Promise<Overview>;
}

/**
 * The overview is kept for half a second per time zone (decision 6's bound): a dashboard left open
 * and reloaded asks for the same.
 */
export function createOverviewService(sources: OverviewSources): OverviewService {
  const kept = createFreshCache<Overview>({ maxAgeMs: 500, maxEntries: 100 });
  return {
    get: ({ tz }) => kept.get(tz, async () => toOverview(await countOverviewFigures(sources, tz))),
  };
}
