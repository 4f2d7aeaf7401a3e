import { canonicalId } from "../../lib/ids.js";
import { toCents, toDollars } from "../../lib/money.js";
import type { Checkout, CheckoutStatus, PlaceCheckoutBody } from "./checkout.schemas.js";
import { toOrder } from "./order-wire.js";
import type { CheckoutRecord, OrderRecord } from "./orders.store.js";

/** One line of a checkout as the buyer asks for it, in cents. */
export interface CheckoutLineRequest {
  toolId: string;
  quantity: number;
  /** The unit price the buyer saw; the line is refused if the tool is priced otherwise now. */
  seenUnitPriceCents: number;
}

/** A checkout as a buyer asks for it: where to deliver, and its lines in the order sent. */
export interface CheckoutRequest {
  userPhone: string;
  userAddress: string;
  lines: CheckoutLineRequest[];
}

export const checkoutRequestOf = ({ userPhone, userAddress, lines }: PlaceCheckoutBody): CheckoutRequest => ({
  userPhone,
  userAddress,
  // One spelling per tool, as the store gives ids back: locks, stock and cool-downs are keyed by it.
  lines: lines.map(({ toolId, quantityAmount, toolPrice }) => ({ toolId: canonicalId(toolId) ?? toolId, quantity: quantityAmount, seenUnitPriceCents: toCents(toolPrice) })),
});

/**
 * A checkout's state, read from its orders: they leave `unpaid` together, so one unpaid order is an
 * unpaid checkout; orders that are all cancelled are a cancelled one; anything else was paid.
 */
export function checkoutStatusOf(orders: Pick<OrderRecord, "status">[]): CheckoutStatus {
  if (orders.some((order) => order.status === "unpaid")) return "unpaid";
  if (orders.every((order) => order.status === "cancelled")) return "cancelled";
  return "paid";
}

/** The checkout's orders among `rows`, in the order the buyer sent its lines, whatever order a store answered in. */
export function inLineOrder(checkout: Pick<CheckoutRecord, "orderIds">, rows: readonly OrderRecord[]): OrderRecord[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return checkout.orderIds.flatMap((orderId) => byId.get(orderId) ?? []);
}

/** The checkout as the API answers it, with its orders in the order of its lines. */
export function toCheckout(checkout: CheckoutRecord, orders: OrderRecord[]): Checkout {
  const status = checkoutStatusOf(orders);
  const first = orders[0];
  const paid = orders.find((order) => order.paidAt !== null);
  return {
    _id: checkout.id,
    userName: checkout.userName,
    userEmail: checkout.userEmail,
    userPhone: checkout.userPhone,
    userAddress: checkout.userAddress,
    status,
    total: toDollars(checkout.totalCents),
    createdAt: checkout.createdAt.toISOString(),
    releasesAt: status === "unpaid" && first?.releasesAt ? first.releasesAt.toISOString() : null,
    paidAt: paid?.paidAt?.toISOString() ?? null,
    cancelledAt: status === "cancelled" ? (first?.cancelledAt?.toISOString() ?? null) : null,
    transactionId: paid?.transactionId ?? null,
    cardLast4: paid?.cardLast4 ?? null,
    orders: orders.map(toOrder),
  };
}

/** Whether a request replaying an Idempotency-Key asks for the same checkout as the one the key placed. */
export const sameCheckout = (orders: Pick<OrderRecord, "toolId" | "quantity">[], asked: CheckoutRequest): boolean =>
  orders.length === asked.lines.length && asked.lines.every((line, i) => orders[i]?.toolId === line.toolId && orders[i]?.quantity === line.quantity);
