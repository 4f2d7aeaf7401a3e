import { bigint, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../../../../db/columns.js";
import { sandboxIntentStatuses, type SandboxPaymentError, type SandboxRefund } from "../sandbox.store.js";

/** The sandbox provider's own PaymentIntents, shaped like Stripe's. Card numbers are never stored. */
export const sandboxIntents = pgTable(
  "sandbox_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: sandboxIntentStatuses }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    cardLast4: text("card_last4"),
    lastError: jsonb("last_error").$type<SandboxPaymentError>(),
    createdAt: createdAt(),
    /** Every refund of its money, the first first, each with the key it was made under. */
    refunds: jsonb("refunds").$type<SandboxRefund[]>().notNull().default([]),
    /** When the last of its money went back. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sandbox_intents_idempotency_key").on(t.idempotencyKey)],
);
