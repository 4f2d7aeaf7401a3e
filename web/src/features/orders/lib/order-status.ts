import type { Order } from "@api/orders/orders.schemas";
import { paths } from "@/config/paths";

export type OrderStatusName = Order["status"];

const WORDS: Record<OrderStatusName, string> = {
  unpaid: "Awaiting payment",
  paid: "Paid · awaiting shipment",
  shipped: "Shipped",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

/** The status in words a buyer reads; a status this client does not know yet is shown as the API names it. */
export const statusWords = (status: string): string => WORDS[status as OrderStatusName] ?? status;

/** The admin's order number, the id's first eight characters: how a buyer and the shop name an order to each other. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/** Where the buyer pays an unpaid order: its checkout's payment page pays it with the checkout's other orders. */
export const payHref = (order: Pick<Order, "_id" | "checkoutId">) =>
  order.checkoutId ? paths.dashboard.checkoutPayment.href(order.checkoutId) : paths.dashboard.payment.href(order._id);

export interface TimelineStep {
  label: "Placed" | "Paid" | "Shipped" | "Cancelled" | "Refunded";
  at: string;
}

/** What happened to the order, oldest first: only the steps that did happen, each with its time. */
export function timelineOf(order: Order): TimelineStep[] {
  const steps: [TimelineStep["label"], string | null][] = [
    ["Placed", order.createdAt],
    ["Paid", order.paidAt],
    ["Shipped", order.shippedAt],
    ["Cancelled", order.cancelledAt],
    ["Refunded", order.refundedAt],
  ];
  return steps
    .flatMap(([label, at]) => (at ? [{ label, at }] : []))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** The price of one unit actually charged: the total of docs/product.md §4.3 drops each unit's cents, so it is the total over the quantity. */
export const unitPriceCharged = (order: Pick<Order, "toolPrice" | "quantityAmount">) => Math.round((order.toolPrice / order.quantityAmount) * 100) / 100;
