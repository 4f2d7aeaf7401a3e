import { composeMessage, type OutgoingMessage } from "../mail/mail.service.js";
import type { CancelledBy } from "./order-mail.js";
import { orderNumber, paymentFacts, when } from "./order-mail.js";
import type { CheckoutRecord, OrderRecord } from "./orders.store.js";
import { inDollars } from "../../lib/money.js";

/**
 * The buyer's e-mail for each step of a checkout: one message for all its orders, keyed by the
 * checkout and the step, so a step is told once however often it is recorded. Each order's own
 * later steps (shipped, refunded) are told by the order's own messages.
 */
export interface CheckoutMail {
  placed(checkout: CheckoutRecord, orders: OrderRecord[]): OutgoingMessage;
  /** The receipt: every line, the total and the card, as the checkout's receipt page shows them. */
  paid(checkout: CheckoutRecord, orders: OrderRecord[]): OutgoingMessage;
  /** Told from the orders alone: the hold's release reads no checkout. */
  cancelled(orders: OrderRecord[], by: CancelledBy): OutgoingMessage;
}

/** Each line as the messages list it: its order number, the tool, how many and what they cost. */
const lineFacts = (orders: OrderRecord[]): [string, string][] =>
  orders.map((order) => [`Order ${orderNumber(order.id)}`, `${order.quantity} × ${order.toolName}: ${inDollars(order.totalCents)}`]);

export function checkoutMail(shopUrl: string): CheckoutMail {
  const checkoutPage = (checkout: Pick<CheckoutRecord, "id">) => `${shopUrl}/dashboard/checkouts/${checkout.id}`;
  const message = (
    checkout: Pick<CheckoutRecord, "id" | "userEmail">,
    step: string,
    parts: Omit<Parameters<typeof composeMessage>[0], "eventKey" | "to">,
  ): OutgoingMessage => composeMessage({ eventKey: `checkout:${checkout.id}:${step}`, to: checkout.userEmail, ...parts });
  const items = (orders: OrderRecord[]) => (orders.length === 1 ? "1 item" : `${orders.length} items`);

  return {
    placed: (checkout, orders) => {
      const releasesAt = orders[0]?.releasesAt ?? null;
      return message(checkout, "placed", {
        subject: `Checkout ${orderNumber(checkout.id)} placed: ${items(orders)}`,
        heading: "Thank you for your order",
        paragraphs: [
          releasesAt
            ? `We are holding every line of your checkout for you until ${when(releasesAt)}. Pay before then to keep them; after that the checkout is cancelled and the units go back on sale.`
            : "We are holding every line of your checkout for you until you pay.",
        ],
        facts: [["Checkout number", orderNumber(checkout.id)], ...lineFacts(orders), ["Total", inDollars(checkout.totalCents)]],
        link: { label: "Pay for your checkout", href: `${checkoutPage(checkout)}/payment` },
      });
    },

    paid: (checkout, orders) => {
      return message(checkout, "paid", {
        subject: `Receipt for checkout ${orderNumber(checkout.id)}`,
        heading: "Payment received",
        paragraphs: [`Thank you. We have your payment for ${items(orders)} and will let you know as each ships.`],
        facts: [
          ["Checkout number", orderNumber(checkout.id)],
          ...lineFacts(orders),
          ["Total", inDollars(checkout.totalCents)],
          // Every order of the checkout was paid by the one payment: the first says it for all.
          ...(orders[0] ? paymentFacts(orders[0]) : []),
        ],
        link: { label: "Your receipt", href: checkoutPage(checkout) },
      });
    },

    cancelled: (orders, by) => {
      const checkout = { id: orders[0]!.checkoutId!, userEmail: orders[0]!.userEmail, totalCents: orders.reduce((sum, order) => sum + order.totalCents, 0) };
      return message(checkout, "cancelled", {
        subject: `Checkout ${orderNumber(checkout.id)} cancelled`,
        heading: "Your checkout was cancelled",
        paragraphs: [
          by === "buyer"
            ? `You cancelled your checkout of ${items(orders)}.`
            : by === "hold"
              ? `Your checkout of ${items(orders)} was not paid in time, so it was cancelled and the units went back on sale.`
              : `The shop cancelled your checkout of ${items(orders)}.`,
          "Nothing was charged.",
        ],
        facts: [["Checkout number", orderNumber(checkout.id)], ...lineFacts(orders), ["Total", inDollars(checkout.totalCents)]],
        link: { label: "Browse the tools", href: `${shopUrl}/tools` },
      });
    },
  };
}
