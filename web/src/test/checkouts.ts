import type { Checkout } from "@api/orders/checkout.schemas";
import type { Order } from "@api/orders/orders.schemas";
import { unpaidOrder } from "./orders";

export const CHECKOUT_ID = "c0ffee00-1111-4222-8333-944445555666";

const hammer: Order = { ...unpaidOrder, _id: "0a000000-1111-4222-8333-944445555666", checkoutId: CHECKOUT_ID, quantityAmount: 10, toolPrice: 180 };
const level: Order = {
  ...unpaidOrder,
  _id: "0b000000-1111-4222-8333-944445555666",
  toolId: "t2",
  toolName: "Spirit Level",
  checkoutId: CHECKOUT_ID,
  quantityAmount: 4,
  toolPrice: 16,
};

/** A checkout as the API sends it, of two orders (a Claw Hammer and a Spirit Level), unpaid; tests spread it into the others. */
export const unpaidCheckout: Checkout = {
  _id: CHECKOUT_ID,
  userName: "Bob Buyer",
  userEmail: "buyer@toolshop.test",
  userPhone: "+1 555 0100",
  userAddress: "1 Main Street",
  status: "unpaid",
  total: 196,
  createdAt: "2026-11-22T05:00:00.000Z",
  releasesAt: "2026-11-22T06:00:00.000Z",
  paidAt: null,
  cancelledAt: null,
  transactionId: null,
  cardLast4: null,
  orders: [hammer, level],
};

const paidAt = "2026-11-22T05:10:00.000Z";
const paid = { paid: true, status: "paid", releasesAt: null, paidAt, transactionId: "pi_sandbox_1", cardLast4: "4242" } as const;

export const paidCheckout: Checkout = {
  ...unpaidCheckout,
  ...paid,
  orders: unpaidCheckout.orders.map((order) => ({ ...order, ...paid })),
};
