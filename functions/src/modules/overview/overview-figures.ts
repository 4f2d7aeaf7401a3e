import { AppError } from "../../lib/errors.js";
import type { OrdersService } from "../orders/orders.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import type { WishesService } from "../wishes/wishes.service.js";
import { UNKNOWN_TIME_ZONE } from "./overview.schemas.js";
import type { TimeZones } from "./time-zones.js";

/** The services whose figures the overview shows, each counting on its own indexes (decision 17). */
export interface OverviewSources {
  orders: Pick<OrdersService, "figures">;
  tools: Pick<ToolsService, "countLowStock">;
  wishes: Pick<WishesService, "countOpen">;
  /** Where a day and a week begin in the admin's time zone. */
  timeZones: TimeZones;
}

/** The overview in the shop's own units: money in cents. */
export interface OverviewFigures {
  timeZone: string;
  revenueTodayCents: number;
  revenueThisWeekCents: number;
  awaitingShipment: number;
  lowStockTools: number;
  openWishes: number;
}

const unknownTimeZone = () =>
  new AppError(400, "validation_failed", "Bad Request", "The request is not valid.", [{ path: "querystring/tz", message: UNKNOWN_TIME_ZONE }]);

/**
 * Asks each module for its figure, the takings counted from where today and this week began in
 * `timeZone`. A zone neither the runtime nor the store knows is the request's fault: 400.
 */
export async function countOverviewFigures({ orders, tools, wishes, timeZones }: OverviewSources, timeZone: string): Promise<OverviewFigures> {
  const since = await timeZones.startsIn(timeZone);
  if (!since) throw unknownTimeZone();
  const [money, lowStockTools, openWishes] = await Promise.all([orders.figures(since), tools.countLowStock(), wishes.countOpen()]);
  return {
    timeZone,
    revenueTodayCents: money.revenueTodayCents,
    revenueThisWeekCents: money.revenueWeekCents,
    awaitingShipment: money.awaitingShipment,
    lowStockTools,
    openWishes,
  };
}
