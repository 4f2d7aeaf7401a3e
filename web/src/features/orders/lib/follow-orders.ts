import type { Order } from "@api/orders/orders.schemas";

/**
 * How often a page asks the API again for orders that can still change, when the shop's data is in
 * PostgreSQL (or Firestore could not be listened to): a payment or a shipment shows within this
 * long, at four requests a minute per open page, and none while the page is hidden.
 */
export const POLL_INTERVAL_MS = 15_000;

/** An unpaid order may be paid or cancelled, a paid one shipped or refunded; the other states are final. */
export const canChange = (order: Pick<Order, "status">) => order.status === "unpaid" || order.status === "paid";

/** An order's status as Firestore has it now (`orders/{id}`, docs/firestore.md). */
export interface LiveStatus {
  id: string;
  status: string;
}

/**
 * Whether what the page shows is behind what Firestore has: an order shown in another status, or
 * missing from the one side or the other (placed elsewhere, or cancelled and so no longer listed).
 * `live` is every order the page follows, or for one order's page that order alone.
 */
export function isBehind(shown: readonly Pick<Order, "_id" | "status">[], live: readonly LiveStatus[]): boolean {
  if (shown.length !== live.length) return true;
  const statuses = new Map(live.map((order) => [order.id, order.status]));
  return shown.some((order) => statuses.get(order._id) !== order.status);
}
