import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Other modules' tables, imported only for foreign keys' references().
import { tools } from "../../tools/postgres/tools.tables.js";
import { users } from "../../users/postgres/users.tables.js";
import { orderCancellers, orderStatuses } from "../orders.store.js";

/**
 * Several orders placed at once and paid by one payment. A checkout never changes once placed: its
 * state is its orders', which leave `unpaid` together.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull().references(() => users.id),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    userPhone: text("user_phone").notNull(),
    userAddress: text("user_address").notNull(),
    /** The sum of its orders' totals: what its one payment charges. */
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key"),
    /** Its orders, in the order of the lines the buyer sent. */
    orderIds: uuid("order_ids").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("checkouts_user_idempotency_key").on(t.userId, t.idempotencyKey), check("checkouts_total_not_negative", sql`${t.totalCents} >= 0`)],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id").notNull().references(() => tools.id),
    toolName: text("tool_name").notNull(),
    userId: uuid("user_id").notNull().references(() => users.id),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    userPhone: text("user_phone").notNull(),
    userAddress: text("user_address").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("unpaid"),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    /** When an unpaid order gives its units back: its placement plus the hold of that moment (ORDER_HOLD_MINUTES). */
    releasesAt: timestamp("releases_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Who ended an unpaid order: its buyer, an admin, or the end of its hold. A buyer who cancelled
     * an order or let it lapse may not hold that tool unpaid again for one hold period.
     */
    cancelledBy: text("cancelled_by", { enum: orderCancellers }),
    transactionId: text("transaction_id"),
    /** The last four digits of the card that paid, copied from the payment that settled the order, for its receipt. */
    cardLast4: text("card_last4"),
    /** When an admin cancelled the paid order and its payment went back to the buyer. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Who carries a shipped order and its number with them, when the admin gave them. */
    shippingCarrier: text("shipping_carrier"),
    trackingNumber: text("tracking_number"),
    /** The checkout that placed the order with others, to be paid with them; null for an order placed on its own. */
    checkoutId: uuid("checkout_id").references(() => checkouts.id),
  },
  (t) => [
    check("orders_quantity_positive", sql`${t.quantity} >= 1`),
    check("orders_total_not_negative", sql`${t.totalCents} >= 0`),
    check("orders_status_known", sql`${t.status} in ('unpaid', 'paid', 'shipped', 'cancelled', 'refunded')`),
    check("orders_cancelled_by_known", sql`${t.cancelledBy} in ('buyer', 'shop', 'hold')`),
    uniqueIndex("orders_user_idempotency_key").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    // A buyer's unpaid orders, counted under the buyer's lock at every placement (MAX_UNPAID_ORDERS).
    index("orders_unpaid_by_user_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'unpaid'`),
    // All Orders, newest first, whole or by status, page after page (docs/decisions/0017).
    index("orders_listed_idx").on(t.createdAt, t.id),
    index("orders_status_listed_idx").on(t.status, t.createdAt, t.id),
    // All Orders' search: the buyer's email and name and the tool's name, by trigram.
    index("orders_search_idx").using("gin", sql`(${t.userEmail} || ' ' || ${t.userName} || ' ' || ${t.toolName}) gin_trgm_ops`),
    // The admin's overview: takings by the time orders were paid, read from the index alone.
    index("orders_paid_at_idx").on(t.paidAt, t.status, t.totalCents).where(sql`${t.paidAt} is not null`),
    // My Orders and an admin's look at one buyer: live orders by email, newest first.
    // The hold cool-down: a buyer's own cancellations and lapsed holds of one tool, newest last.
    index("orders_cooling_idx")
      .on(t.userId, t.toolId, t.cancelledAt)
      .where(sql`${t.status} = 'cancelled' and ${t.cancelledBy} in ('buyer', 'hold')`),
    index("orders_checkout_idx")
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
    index("orders_live_by_email_idx")
      .on(t.userEmail, t.createdAt, t.id)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);
