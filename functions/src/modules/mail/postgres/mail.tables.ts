import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../../db/columns.js";

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

export type OutboxRow = typeof outbox.$inferSelect;
