import type { Database } from "../db/client.js";
import { createOrdersService } from "../modules/orders/orders.service.js";

/** Unpaid orders older than the hold give their units back, so stock is not held forever by carts left behind. */
export function releaseUnpaidOrders(db: Database, holdHours: number): Promise<number> {
  return createOrdersService(db).releaseExpired(holdHours);
}
