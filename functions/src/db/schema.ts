import { type SQL, sql } from "drizzle-orm";
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's full-text document: the lexemes of a text, read through a text search configuration. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    img: text("img").notNull(),
    /** The price of one unit; the API's `price`, in dollars. */
    unitPriceCents: bigint("price_cents", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    /** The fewest units one order may ask for; the API's `moq`. */
    minOrderQuantity: integer("moq").notNull(),
    /** Units on the shelf that orders may still take; the API's `aq`. */
    stock: integer("aq").notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * The words of the name and description, kept by PostgreSQL itself ('simple': no stemming and no
     * stop words, whatever the language). The catalogue's search finds tools by it; read it in SQL only.
     */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('simple', ${tools.name} || ' ' || ${tools.description})`),
  },
  (t) => [
    check("tools_price_not_negative", sql`${t.unitPriceCents} >= 0`),
    check("tools_moq_positive", sql`${t.minOrderQuantity} >= 1`),
    // The last line of defence against overselling: no transaction can commit negative stock.
    check("tools_aq_not_negative", sql`${t.stock} >= 0`),
    // The catalogue's orders (docs/decisions/0013-catalogue-search-and-pages.md): each page, searched
    // or not, walks one of these from where the page before ended. Listed order is tools_listed_idx,
    // newest first the same index backwards.
    index("tools_listed_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_by_name_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_by_price_idx").on(t.unitPriceCents, t.id).where(sql`${t.deletedAt} is null`),
    index("tools_search_idx").using("gin", t.searchVector).where(sql`${t.deletedAt} is null`),
    // Manage Tools' "low on stock" and the overview's count: tools that can no longer be ordered.
    index("tools_low_stock_idx").on(t.createdAt, t.id).where(sql`${t.deletedAt} is null and ${t.stock} < ${t.minOrderQuantity}`),
  ],
);

/**
 * Every word of a tool's name or description, once, for correcting a search's typos by trigram
 * similarity. Triggers on tools fill it (migration 0006); words are never removed, so a word
 * whose tools are gone only finds nothing.
 */
export const catalogueWords = pgTable(
  "catalogue_words",
  { word: text("word").primaryKey() },
  (t) => [index("catalogue_words_trigram_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firebaseUid: text("firebase_uid").notNull(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["buyer", "admin"] }).notNull().default("buyer"),
    education: text("education").notNull().default(""),
    location: text("location").notNull().default(""),
    number: text("number").notNull().default(""),
    linkIn: text("link_in").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_firebase_uid_key").on(t.firebaseUid),
    check("users_role_known", sql`${t.role} in ('buyer', 'admin')`),
    // All User, newest first, whole or by role, and its search by email or name.
    index("users_listed_idx").on(t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    index("users_role_listed_idx").on(t.role, t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    index("users_search_idx").using("gin", sql`(${t.email} || ' ' || ${t.name}) gin_trgm_ops`).where(sql`${t.removedAt} is null`),
  ],
);

export const orderCancellers = ["buyer", "shop", "hold"] as const;
export type OrderCanceller = (typeof orderCancellers)[number];

export const orderStatuses = ["unpaid", "paid", "shipped", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

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
    index("orders_live_by_email_idx")
      .on(t.userEmail, t.createdAt, t.id)
      .where(sql`${t.status} <> 'cancelled'`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id),
    userName: text("user_name").notNull(),
    rating: integer("rating").notNull(),
    review: text("review").notNull(),
    createdAt: createdAt(),
    /** When an admin took the review down; it is kept for the audit log's sake and no longer shown. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    index("reviews_created_idx").on(t.createdAt),
    // The home page's newest reviews, those still shown.
    index("reviews_shown_idx").on(t.createdAt, t.id).where(sql`${t.removedAt} is null`),
  ],
);

export const wishes = pgTable(
  "wishes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").notNull().references(() => users.id),
    userName: text("user_name").notNull(),
    name: text("name").notNull(),
    priceCents: bigint("price_cents", { mode: "number" }).notNull(),
    details: text("details").notNull(),
    createdAt: createdAt(),
    /** An admin's answer to the wish: still open, done (the tool is sold) or declined. */
    status: text("status", { enum: ["open", "done", "declined"] }).notNull().default("open"),
    /** The tool added for this wish, whose buyers are told when it is on sale. */
    toolId: uuid("tool_id").references(() => tools.id),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /**
     * The name under which wishes for the same tool meet (`wishKey` in modules/wishes, which must
     * give the same): lower case, only letters, digits and single spaces, a plural's "s" dropped.
     * lower() and [:alnum:] follow the database's character type, so it must be a UTF-8 locale
     * (C.UTF-8, en_US.UTF-8), as PGlite's and Cloud SQL's are; under plain C they know ASCII only.
     */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`regexp_replace(btrim(regexp_replace(regexp_replace(lower(${wishes.name}), '[^[:alnum:] \\t\\n\\r\\f\\v]', '', 'g'), '[ \\t\\n\\r\\f\\v]+', ' ', 'g')), '([^s 0-9])s$', '\\1')`,
      ),
  },
  (t) => [
    check("wishes_status_known", sql`${t.status} in ('open', 'done', 'declined')`),
    check("wishes_price_not_negative", sql`${t.priceCents} >= 0`),
    index("wishes_created_idx").on(t.createdAt),
    // User Wish, newest first, whole or by answer, and the overview's count of open wishes.
    index("wishes_listed_idx").on(t.status, t.createdAt, t.id),
    // User Wish's groups: an answer's wishes in the order of their key, each group's newest last.
    index("wishes_grouped_idx").on(t.status, t.nameKey, t.createdAt),
  ],
);

/** `refund_due`: the money came in for an order that could no longer take it, and has yet to go back. */
export const paymentStatuses = ["pending", "succeeded", "failed", "canceled", "refund_due", "refunded"] as const;

/** One provider PaymentIntent per attempt to pay an order; a canceled intent makes way for the next attempt. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull().references(() => orders.id),
    attempt: integer("attempt").notNull(),
    provider: text("provider", { enum: ["stripe", "sandbox"] }).notNull(),
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

/** The sandbox provider's own PaymentIntents, shaped like Stripe's. Card numbers are never stored. */
export const sandboxIntents = pgTable(
  "sandbox_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["requires_payment_method", "succeeded", "canceled"] }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    cardLast4: text("card_last4"),
    lastError: jsonb("last_error").$type<{ code: string; decline_code?: string; message: string }>(),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sandbox_intents_idempotency_key").on(t.idempotencyKey)],
);

export const auditActions = [
  "tool.created",
  "tool.updated",
  "tool.deleted",
  "tool.stock_moved",
  "user.made_admin",
  "user.removed",
  "order.shipped",
  "order.cancelled",
  "order.refunded",
  "review.removed",
  "wish.resolved",
] as const;
export const auditTargetTypes = ["tool", "user", "order", "review", "wish"] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * What admins did, written in the transaction of the change itself: an entry exists exactly when
 * the change was committed. Rows are only ever inserted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    // A sequence rather than a uuid: entries page newest first by it, and it never repeats.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid("actor_id").references(() => users.id),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    targetType: text("target_type", { enum: auditTargetTypes }).notNull(),
    targetId: text("target_id").notNull(),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check("audit_log_action_known", sql`${t.action} in (${sql.raw(auditActions.map((a) => `'${a}'`).join(", "))})`),
    check("audit_log_target_type_known", sql`${t.targetType} in (${sql.raw(auditTargetTypes.map((a) => `'${a}'`).join(", "))})`),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

export const stockMovementKinds = ["initial", "restock", "correction"] as const;

/**
 * Every change to a tool's stock that is not an order: the stock it was created with, and each
 * restock or correction an admin made, with the reason. For every tool, the sum of its movements
 * equals its units on the shelf (aq) plus the units held by its live orders.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toolId: uuid("tool_id").notNull().references(() => tools.id),
    kind: text("kind", { enum: stockMovementKinds }).notNull(),
    /** Units added (positive) or taken away (negative). */
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull().default(""),
    actorId: uuid("actor_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("stock_movements_kind_known", sql`${t.kind} in ('initial', 'restock', 'correction')`),
    index("stock_movements_tool_idx").on(t.toolId, t.id),
  ],
);

/**
 * E-mail to send, written in the transaction of the change it tells about, so a message exists
 * exactly when the change was committed (docs/decisions/0016-email-outbox.md). The sender claims
 * due messages for a while, delivers each under a Message-ID made from its id, and records it sent.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One message per event, such as `order:{id}:paid`: a change told twice is written once. */
    eventKey: text("event_key").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender is delivering it until then; past it, a sender that died is presumed gone. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /**
     * The recipient has not shown that the address is theirs: the message waits, unsent, until
     * it is verified (docs/decisions/0019), so the shop never mails a stranger.
     */
    awaitingVerification: boolean("awaiting_verification").notNull().default(false),
  },
  (t) => [
    uniqueIndex("outbox_event_key").on(t.eventKey),
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and not ${t.awaitingVerification}`),
    index("outbox_awaiting_idx").on(t.recipient).where(sql`${t.sentAt} is null and ${t.awaitingVerification}`),
  ],
);

/**
 * Addresses whose owner Firebase vouches for (a verified e-mail link, or Google sign-in), in their
 * canonical form. Mail to any other address waits in the outbox.
 */
export const verifiedMailAddresses = pgTable(
  "verified_mail_addresses",
  {
    address: text("address").primaryKey(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The sender's late release reads the addresses verified in its last minutes.
  (t) => [index("verified_mail_addresses_recent_idx").on(t.verifiedAt)],
);

/**
 * Requests counted per key (a limited call and who made it) in fixed windows, shared by every API
 * instance (docs/decisions/0010-rate-limits-in-postgresql.md). The window leads the key, so windows
 * that are over are deleted as one range of the primary key.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ name: "rate_limit_counters_pkey", columns: [t.windowStart, t.key] })],
);

/** A tool as the app reads it: everything but the search document, which only SQL reads. */
export type ToolRow = Omit<typeof tools.$inferSelect, "searchVector">;
export type UserRow = typeof users.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type WishRow = typeof wishes.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type SandboxIntentRow = typeof sandboxIntents.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type StockMovementRow = typeof stockMovements.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
