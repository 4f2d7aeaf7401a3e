import type { Checkout } from "@api/orders/checkout.schemas";

/** A checkout's number as the buyer reads it: its id's first eight characters, as an order's is. */
export const checkoutNumber = (id: string) => id.slice(0, 8).toUpperCase();

const STATUS_WORDS: Record<Checkout["status"], string> = {
  unpaid: "Awaiting payment",
  paid: "Paid",
  cancelled: "Cancelled",
};

/** The status in words; one this client does not know yet is shown as the API names it. */
export const checkoutStatusWords = (status: string) => STATUS_WORDS[status as Checkout["status"]] ?? status;

/** "1 item", "3 items": how many lines (orders) a checkout has. */
export const itemCount = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;
