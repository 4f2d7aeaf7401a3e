import { toDollars } from "../../lib/money.js";
import type { OverviewFigures } from "./overview-figures.js";
import type { Overview } from "./overview.schemas.js";

/** The one place the overview meets the contract: takings in dollars on the wire, in cents inside. */
export const toOverview = ({ timeZone, revenueTodayCents, revenueThisWeekCents, awaitingShipment, lowStockTools, openWishes }: OverviewFigures): Overview => ({
  timeZone,
  revenueToday: toDollars(revenueTodayCents),
  revenueThisWeek: toDollars(revenueThisWeekCents),
  awaitingShipment,
  lowStockTools,
  openWishes,
});
