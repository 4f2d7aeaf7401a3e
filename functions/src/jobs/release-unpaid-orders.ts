import type { Database } from "../db/client.js";
import { createShopServices } from "../shop-services.js";

/**
 * Unpaid orders whose hold is over (ORDER_HOLD_MINUTES, fixed when each was placed) give their
 * units back, so stock is not held forever by carts left behind.
 */
export function releaseUnpaidOrders(db: Database): Promise<number> {
  return createShopServices(db).orders.releaseExpired();
}
