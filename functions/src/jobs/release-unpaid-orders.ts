import { createShopServices } from "../shop-services.js";
import type { Stores } from "../stores/postgres.js";

/**
 * Unpaid orders whose hold is over (ORDER_HOLD_MINUTES, fixed when each was placed) give their
 * units back, so stock is not held forever by carts left behind. Each buyer is e-mailed, with links
 * to `shopUrl`.
 */
export function releaseUnpaidOrders(stores: Stores, { shopUrl }: { shopUrl?: string } = {}): Promise<number> {
  return createShopServices(stores, { shopUrl }).orders.releaseExpired();
}
