import type { Order } from "@api/orders/orders.schemas";

/** An order as My Orders lists it, with its number in the list (the contract's No.). */
export interface NumberedOrder {
  order: Order;
  number: number;
}

export type MyOrdersEntry =
  | ({ kind: "order" } & NumberedOrder)
  | {
      kind: "checkout";
      checkoutId: string;
      orders: NumberedOrder[];
      /** When the checkout was placed: when its first order was. */
      createdAt: string;
      /** What its one payment charges (or charged), in dollars. */
      total: number;
      /** Its orders wait for the checkout's one payment. */
      unpaid: boolean;
    };

/**
 * My Orders as listed: an order placed on its own as before; the orders of one checkout together, at
 * the place of the first of them. Numbers follow the list as shown, so the notes below it match.
 */
export function groupByCheckout(orders: readonly Order[]): MyOrdersEntry[] {
  const entries: MyOrdersEntry[] = [];
  const groups = new Map<string, Order[]>();
  for (const order of orders) {
    if (order.checkoutId === null) {
      entries.push({ kind: "order", order, number: 0 });
      continue;
    }
    const group = groups.get(order.checkoutId);
    if (group) {
      group.push(order);
      continue;
    }
    groups.set(order.checkoutId, [order]);
    entries.push({ kind: "checkout", checkoutId: order.checkoutId, orders: [], createdAt: order.createdAt, total: 0, unpaid: false });
  }
  let number = 0;
  return entries.map((entry) => {
    if (entry.kind === "order") return { ...entry, number: ++number };
    const grouped = groups.get(entry.checkoutId) ?? [];
    return {
      ...entry,
      orders: grouped.map((order) => ({ order, number: ++number })),
      total: grouped.reduce((sum, order) => Math.round((sum + order.toolPrice) * 100) / 100, 0),
      unpaid: grouped.some((order) => order.status === "unpaid"),
    };
  });
}

/** Every order of the list, numbered as shown. */
export const numberedOrders = (entries: readonly MyOrdersEntry[]): NumberedOrder[] =>
  entries.flatMap((entry) => (entry.kind === "order" ? [entry] : entry.orders));
