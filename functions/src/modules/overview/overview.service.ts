import { AppError } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { toDollars } from "../../lib/money.js";
import type { OrdersService } from "../orders/orders.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import type { WishesService } from "../wishes/wishes.service.js";
import { type Overview, type OverviewQuery, UNKNOWN_TIME_ZONE } from "./overview.schemas.js";
import type { TimeZones } from "./time-zones.js";

export interface OverviewServiceDependencies {
  orders: OrdersService;
  tools: ToolsService;
  wishes: WishesService;
  /** Where a day and a week begin in the admin's time zone. */
  timeZones: TimeZones;
}

const unknownTimeZone = () =>
  new AppError(400, "validation_failed", "Bad Request", "The request is not valid.", [{ path: "querystring/tz", message: UNKNOWN_TIME_ZONE }]);

/**
 * The admin's overview, from the figures each module counts on its own indexes. Kept for half a
 * second per time zone (decision 6's bound): a dashboard left open and reloaded asks for the same.
 */
export function createOverviewService({ orders, tools, wishes, timeZones }: OverviewServiceDependencies) {
  const kept = createFreshCache<Overview>({ maxAgeMs: 500, maxEntries: 100 });
  return {
    get: ({ tz }: OverviewQuery): Promise<Overview> =>
      kept.get(tz, async () => {
        const since = await timeZones.startsIn(tz);
        if (!since) throw unknownTimeZone();
        const [money, lowStockTools, openWishes] = await Promise.all([orders.figures(since), tools.countLowStock(), wishes.countOpen()]);
        return {
          timeZone: tz,
          revenueToday: toDollars(money.revenueTodayCents),
          revenueThisWeek: toDollars(money.revenueWeekCents),
          awaitingShipment: money.awaitingShipment,
          lowStockTools,
          openWishes,
        };
      }),
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
