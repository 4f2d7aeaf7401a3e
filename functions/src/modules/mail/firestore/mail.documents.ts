import { createHash } from "node:crypto";
import type { Timestamp } from "firebase-admin/firestore";
import type { OutboxMessage } from "../mail.store.js";
import type { OutgoingMessage } from "../message.js";
import { claimId } from "../../../firestore/document-id.js";
export { canNameDocument } from "../../../firestore/document-id.js";

/** `outbox/{id}` (docs/firestore.md). */
export interface OutboxDocument {
  eventKey: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Timestamp;
  attempts: number;
  nextAttemptAt: Timestamp;
  claimedUntil: Timestamp | null;
  sentAt: Timestamp | null;
  lastError: string | null;
  awaitingVerification: boolean;
}

/** `verifiedMailAddresses/{address}`. */
export interface VerifiedAddressDocument {
  address: string;
  verifiedAt: Timestamp;
}

/** Any UUID will do as the namespace, as long as it never changes: it fixes every message's id. */
const OUTBOX_NAMESPACE = Buffer.from("6f1c0a4e8d2b4c57a9e3b1d0f27c5e88", "hex");

/**
 * A message's id: the name-based UUID (version 5) of its event key. The event names the document,
 * so an event told twice finds the message written the first time, and the id is still a UUID, as
 * the Message-ID made from it wants (an event key holds characters a Message-ID may not).
 */
export function outboxId(eventKey: string): string {
  const hash = createHash("sha1").update(OUTBOX_NAMESPACE).update(eventKey, "utf8").digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An address's document id: the canonical address, named as `userEmails` names it (`claimId`), as an
 * address may hold a `/`; null for one that cannot name a document.
 */
export const addressId = (address: string): string | null => claimId(address);

export const outboxDocument = (message: OutgoingMessage, verified: boolean, now: Timestamp): OutboxDocument => ({
  eventKey: message.eventKey,
  recipient: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  createdAt: now,
  attempts: 0,
  nextAttemptAt: now,
  claimedUntil: null,
  sentAt: null,
  lastError: null,
  awaitingVerification: !verified,
});

const dateOf = (time: Timestamp | null): Date | null => (time === null ? null : time.toDate());

export const outboxMessageOf = (id: string, document: OutboxDocument): OutboxMessage => ({
  id,
  eventKey: document.eventKey,
  recipient: document.recipient,
  subject: document.subject,
  text: document.text,
  html: document.html,
  createdAt: document.createdAt.toDate(),
  attempts: document.attempts,
  nextAttemptAt: document.nextAttemptAt.toDate(),
  claimedUntil: dateOf(document.claimedUntil),
  sentAt: dateOf(document.sentAt),
  lastError: document.lastError,
  awaitingVerification: document.awaitingVerification,
});

/** Whether a string can be a document's id; any other (empty, with a `/`, too long, reserved) names no document. */
