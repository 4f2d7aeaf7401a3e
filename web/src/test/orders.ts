import type { Order } from "@api/orders/orders.schemas";

/** An order as the API sends it, unpaid and held for an hour; tests spread it into the others. */
export const unpaidOrder: Order = {
  _id: "0b7e1c2a-1111-4222-8333-944445555666",
  toolId: "t1",
  toolName: "Claw Hammer",
  userName: "Bob Buyer",
  userEmail: "buyer@toolshop.test",
  userPhone: "+1 555 0100",
  userAddress: "1 Main Street",
  quantityAmount: 20,
  toolPrice: 360,
  paid: false,
  shipped: false,
  status: "unpaid",
  createdAt: "2026-11-22T05:00:00.000Z",
  releasesAt: "2026-11-22T06:00:00.000Z",
  transactionId: null,
  paidAt: null,
  shippedAt: null,
  cancelledAt: null,
  refundedAt: null,
  shippingCarrier: null,
  trackingNumber: null,
  cardLast4: null,
  checkoutId: null,
};
