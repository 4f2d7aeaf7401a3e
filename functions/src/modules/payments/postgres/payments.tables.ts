import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";
// Another module's table, imported only for a foreign key's references().
import { orders } from "../../orders/postgres/orders.tables.js";
import { paymentProviders, paymentStatuses } from "../payments.store.js";

/** One provider PaymentIntent per attempt to pay an order; a canceled intent makes way for the next attempt. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id),
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
    uniqueIndex("payments_intent_key").on(t.intentId),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/** Provider events already handled, so a redelivered webhook changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
