import { z } from "zod";

export const UNKNOWN_TIME_ZONE = "Not a time zone this server knows (an IANA name such as Europe/Berlin)";

export const overviewQuery = z.strictObject({
  /**
   * The admin's time zone, whose today and this week the takings are counted in; UTC when left out.
   * Any IANA name the server's Intl or its database knows, old or current (Asia/Calcutta,
   * Asia/Kolkata); the service refuses one neither knows with 400.
   */
  tz: z.string().min(1, UNKNOWN_TIME_ZONE).max(64).default("UTC"),
});
export type OverviewQuery = z.infer<typeof overviewQuery>;

/** The admin's dashboard index: each figure links to the list it counts. */
export const overview = z.object({
  timeZone: z.string(),
  /** Dollars taken by orders paid since the start of today and of this week (Monday) in `timeZone`, refunds left out. */
  revenueToday: z.number(),
  revenueThisWeek: z.number(),
  /** Paid orders not shipped yet. */
  awaitingShipment: z.number().int(),
  /** Tools whose stock is below their minimum order: nobody can order them. */
  lowStockTools: z.number().int(),
  /** Wishes no admin has answered yet. */
  openWishes: z.number().int(),
});
export type Overview = z.infer<typeof overview>;
