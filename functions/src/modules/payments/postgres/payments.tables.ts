import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Another module's tables, imported only for foreign keys' references().
import { checkouts, orders } from "../../orders/postgres/orders.tables.js";
import { partialRefundStatuses, paymentProviders, paymentStatuses } from "../payments.store.js";

/**
 * One provider PaymentIntent per attempt to pay an order or a checkout; a canceled intent makes way
 * for the next attempt.
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What it pays: an order placed on its own, or a checkout; exactly one is set. */
    orderId: uuid("order_id").references(() => orders.id),
    checkoutId: uuid("checkout_id").references(() => checkouts.id),
    attempt: integer("attempt").notNull(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    intentId: text("intent_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    lastError: text("last_error"),
    /** The last four digits of the card, set when the payment settles as succeeded; the provider never gives the shop more of it. */
    cardLast4: text("card_last4"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_order_attempt_key").on(t.orderId, t.attempt),
    uniqueIndex("payments_checkout_attempt_key").on(t.checkoutId, t.attempt),
    uniqueIndex("payments_intent_key").on(t.intentId),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check("payments_pays_one", sql`num_nonnulls(${t.orderId}, ${t.checkoutId}) = 1`),
  ],
);

/** One order's part of a checkout's payment, owed back once the shop refunded that order alone. */
export const partialRefunds = pgTable(
  "partial_refunds",
  {
    /** One part per order, so a second refund of the order finds the first's. */
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    /** The checkout's payment it is part of. */
    intentId: text("intent_id").notNull(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status", { enum: partialRefundStatuses }).notNull().default("due"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("partial_refunds_due_idx")
      .on(t.provider, t.updatedAt)
      .where(sql`${t.status} = 'due'`),
    check("partial_refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** Provider events already handled, so a redelivered webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
