import { z } from "zod";
import { EMAIL_MAX_LENGTH, ID_MAX_LENGTH, optionalText, pageCursor, pageLimit, text } from "../common.schemas.js";

/** The longest texts of an order stored, in characters; the other texts come from the catalog and the account. */
export const ORDER_PHONE_MAX_LENGTH = 40;
export const ORDER_ADDRESS_MAX_LENGTH = 500;
/** Stored with the order, so a retried placement is recognised. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** The contract's POST /orders (docs/product.md §8.2) sends these along; they are bounded, then ignored. */
const SENT_TEXT_MAX_LENGTH = 500;

/** The alerts of docs/product.md §6.2 when the quantity is below the tool's minimum or above its stock; the API sends them as the problem detail. */
export const BELOW_MOQ = "Please order more than minimum order quantity";
export const ABOVE_AQ = "Please give order below available unit";

/** docs/product.md §4.3 prices an order at the quantity times the integer part of the unit price, in dollars. */
export const orderTotalCents = (unitPriceCents: number, quantity: number): number => Math.trunc(unitPriceCents / 100) * 100 * quantity;

/** A cancelled order is only ever seen by replaying the Idempotency-Key that placed it. */
export const orderStatus = z.enum(["unpaid", "paid", "shipped", "cancelled", "refunded"]);

export const order = z.object({
  _id: z.string(),
  toolId: z.string(),
  toolName: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  userAddress: z.string(),
  quantityAmount: z.number().int(),
  toolPrice: z.number(),
  paid: z.boolean(),
  shipped: z.boolean(),
  status: orderStatus,
  createdAt: z.string(),
  /** When an unpaid order will be cancelled and its units go back on sale; null once it is not unpaid. */
  releasesAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** When the order was paid, shipped or cancelled; null until it was. */
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When an admin cancelled the paid order and refunded it; null until then. */
  refundedAt: z.string().nullable(),
  /** Who carries the shipped order and its tracking number, when the admin gave them. */
  shippingCarrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The last four digits of the card that paid; null until the order is paid, or when the provider did not say. */
  cardLast4: z.string().nullable(),
  /** The checkout that placed the order with others and paid them at once; null for an order placed on its own. */
  checkoutId: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/**
 * The contract's POST /orders (docs/product.md §8.2) sends the tool's name, the buyer's name and
 * email and a total with each order. They are accepted so that client keeps working, and ignored:
 * the server takes them from the token and the catalog.
 */
const ignored = z.union([z.string().max(SENT_TEXT_MAX_LENGTH), z.number()]).optional();

export const placeOrderBody = z.strictObject({
  toolId: z.string().min(1, "Required").max(ID_MAX_LENGTH),
  quantityAmount: z
    .number()
    .int("Must be a whole number of units")
    .min(1, "Must be at least 1")
    .max(1_000_000, "At most 1000000 units"),
  userPhone: text(ORDER_PHONE_MAX_LENGTH).refine((value) => /^[+()\d\s.-]{3,}$/.test(value), "Must be a phone number"),
  userAddress: text(ORDER_ADDRESS_MAX_LENGTH),
  toolName: ignored,
  userName: ignored,
  userEmail: ignored,
  toolPrice: ignored,
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const placeOrderHeaders = z.looseObject({
  "idempotency-key": z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional(),
});

export const listOrdersQuery = z.strictObject({ userEmail: z.string().min(3).max(EMAIL_MAX_LENGTH) });

export const SHIPPING_DETAIL_MAX_LENGTH = 100;

/**
 * Who carries a shipped order and its tracking number, both optional: the contract's Shipped
 * button (docs/product.md §3.10) marks an order shipped with no body at all, and a blank value is
 * the same as none.
 */
export const shipOrderBody = z
  .strictObject({
    carrier: optionalText(SHIPPING_DETAIL_MAX_LENGTH).optional(),
    trackingNumber: optionalText(SHIPPING_DETAIL_MAX_LENGTH)
      .refine((value) => value === "" || /^[\w\s./-]+$/.test(value), "Letters, digits, spaces and . / - only")
      .optional(),
  })
  .nullish();
export type ShipOrderBody = z.infer<typeof shipOrderBody>;

/** `GET /api/admin/orders` (All Orders): a page of orders, newest first, searched and filtered. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const ADMIN_ORDERS_QUERY_MAX_LENGTH = 100;

export const adminOrdersQuery = z.strictObject({
  /** Part of the buyer's email or name or the tool's name, or an order number; blank means every order. */
  q: z.string().trim().max(ADMIN_ORDERS_QUERY_MAX_LENGTH, `At most ${ADMIN_ORDERS_QUERY_MAX_LENGTH} characters`).optional(),
  /** One status; left out, every order but the cancelled ones, as the contract's GET /allOrders (docs/product.md §8.2). */
  status: orderStatus.optional(),
  cursor: pageCursor(),
  limit: pageLimit(100, ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

export const adminOrdersPage = z.object({
  orders: z.array(order),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPage>;
