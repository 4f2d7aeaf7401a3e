import { toDollars } from "../../lib/money.js";
import type { OrderRequest } from "./order-rules.js";
import type { Order, PlaceOrderBody } from "./orders.schemas.js";
import type { OrderRecord } from "./orders.store.js";

/**
 * The one place the orders module meets the contract's names (docs/product.md §9): inside, an order
 * has a `quantity` and a `totalCents`; on the wire it has `quantityAmount` and `toolPrice`, the
 * total in dollars.
 */
export const toOrder = (row: OrderRecord): Order => ({
  _id: row.id,
  toolId: row.toolId,
  toolName: row.toolName,
  userName: row.userName,
  userEmail: row.userEmail,
  userPhone: row.userPhone,
  userAddress: row.userAddress,
  quantityAmount: row.quantity,
  toolPrice: toDollars(row.totalCents),
  // A refunded order was paid (docs/product.md §4.3); the contract's clients must not offer to pay it again.
  paid: row.status === "paid" || row.status === "shipped" || row.status === "refunded",
  shipped: row.status === "shipped",
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  releasesAt: row.status === "unpaid" && row.releasesAt ? row.releasesAt.toISOString() : null,
  transactionId: row.transactionId,
  paidAt: row.paidAt?.toISOString() ?? null,
  shippedAt: row.shippedAt?.toISOString() ?? null,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
  shippingCarrier: row.shippingCarrier,
  trackingNumber: row.trackingNumber,
  cardLast4: row.cardLast4,
  checkoutId: row.checkoutId,
});

/** What a buyer's POST /orders asks for; the names, email and total it may send along are not taken from it. */
export const orderRequestOf = ({ toolId, quantityAmount, userPhone, userAddress }: PlaceOrderBody): OrderRequest => ({
  toolId,
  quantity: quantityAmount,
  userPhone,
  userAddress,
});
