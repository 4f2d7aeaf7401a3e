import type { OrderCanceller, OrderRecord } from "./orders.store.js";
import { composeMessage, type OutgoingMessage } from "../mail/mail.service.js";
import { inDollars } from "../../lib/money.js";

/** How the buyer and the shop name an order to each other, as its pages show it: the id's first eight characters. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/** A moment as the e-mails write it, to the minute, in UTC. */
export const when = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** What a receipt e-mail says of the payment, from an order it paid: when, the card and the transaction, each when known. */
export const paymentFacts = (order: Pick<OrderRecord, "paidAt" | "cardLast4" | "transactionId">): [string, string][] => [
  ...(order.paidAt ? [["Paid at", when(order.paidAt)] as [string, string]] : []),
  ...(order.cardLast4 ? [["Card", `ending in ${order.cardLast4}`] as [string, string]] : []),
  ...(order.transactionId ? [["Transaction id", order.transactionId] as [string, string]] : []),
];

/** Who ended the order, as `orders.cancelled_by` records it. */
export type CancelledBy = OrderCanceller;

/**
 * The buyer's e-mail for each step of an order, written with the change (docs/decisions/0016).
 * Each is keyed by the order and the step, so a step is told once however often it is recorded.
 */
export interface OrderMail {
  placed(order: OrderRecord): OutgoingMessage;
  /** The receipt: what the order page's receipt shows. */
  paid(order: OrderRecord): OutgoingMessage;
  shipped(order: OrderRecord): OutgoingMessage;
  cancelled(order: OrderRecord, by: CancelledBy): OutgoingMessage;
  refunded(order: OrderRecord): OutgoingMessage;
}

export function orderMail(shopUrl: string): OrderMail {
  const orderPage = (order: OrderRecord) => ({ label: "Your order", href: `${shopUrl}/dashboard/orders/${order.id}` });
  const basics = (order: OrderRecord): [string, string][] => [
    ["Order number", orderNumber(order.id)],
    ["Tool", order.toolName],
    ["Quantity", String(order.quantity)],
    ["Total", inDollars(order.totalCents)],
  ];
  const message = (order: OrderRecord, step: string, parts: Omit<Parameters<typeof composeMessage>[0], "eventKey" | "to">): OutgoingMessage =>
    composeMessage({ eventKey: `order:${order.id}:${step}`, to: order.userEmail, ...parts });

  return {
    placed: (order: OrderRecord) =>
      message(order, "placed", {
        subject: `Order ${orderNumber(order.id)} placed: ${order.toolName}`,
        heading: "Thank you for your order",
        paragraphs: [
          order.releasesAt
            ? `We are holding ${order.quantity} × ${order.toolName} for you until ${when(order.releasesAt)}. Pay before then to keep them; after that the order is cancelled and the units go back on sale.`
            : `We are holding ${order.quantity} × ${order.toolName} for you until you pay.`,
        ],
        facts: basics(order),
        link: { label: "Pay for your order", href: `${shopUrl}/dashboard/payment/${order.id}` },
      }),

    /** The receipt: what the order page's receipt shows. */
    paid: (order: OrderRecord) =>
      message(order, "paid", {
        subject: `Receipt for order ${orderNumber(order.id)}`,
        heading: "Payment received",
        paragraphs: [`Thank you. We have your payment for ${order.quantity} × ${order.toolName} and will let you know when it ships.`],
        facts: [
          ["Order number", orderNumber(order.id)],
          ["Tool", order.toolName],
          ["Unit price", inDollars(Math.round(order.totalCents / order.quantity))],
          ["Quantity", String(order.quantity)],
          ["Total", inDollars(order.totalCents)],
          ...paymentFacts(order),
        ],
        link: { label: "Your receipt", href: orderPage(order).href },
      }),

    shipped: (order: OrderRecord) =>
      message(order, "shipped", {
        subject: `Order ${orderNumber(order.id)} has shipped`,
        heading: "Your order is on its way",
        paragraphs: [`${order.quantity} × ${order.toolName} left our warehouse${order.shippedAt ? ` on ${when(order.shippedAt)}` : ""}.`],
        facts: [
          ...basics(order),
          ...(order.shippingCarrier ? [["Carrier", order.shippingCarrier] as [string, string]] : []),
          ...(order.trackingNumber ? [["Tracking number", order.trackingNumber] as [string, string]] : []),
        ],
        link: orderPage(order),
      }),

    cancelled: (order: OrderRecord, by: CancelledBy) =>
      message(order, "cancelled", {
        subject: `Order ${orderNumber(order.id)} cancelled`,
        heading: "Your order was cancelled",
        paragraphs: [
          by === "buyer"
            ? `You cancelled your order for ${order.quantity} × ${order.toolName}.`
            : by === "hold"
              ? `Your order for ${order.quantity} × ${order.toolName} was not paid in time, so it was cancelled and the units went back on sale.`
              : `The shop cancelled your order for ${order.quantity} × ${order.toolName}.`,
          "Nothing was charged.",
        ],
        facts: basics(order),
        link: { label: "Browse the tools", href: `${shopUrl}/tools` },
      }),

    refunded: (order: OrderRecord) =>
      message(order, "refunded", {
        subject: `Order ${orderNumber(order.id)} cancelled and refunded`,
        heading: "Your order was cancelled and refunded",
        paragraphs: [
          `The shop cancelled your paid order for ${order.quantity} × ${order.toolName} and refunded ${inDollars(order.totalCents)}${order.cardLast4 ? ` to your card ending in ${order.cardLast4}` : ""}.`,
          "A refund can take a few days to reach your account.",
        ],
        facts: basics(order),
        link: orderPage(order),
      }),
  };
}
