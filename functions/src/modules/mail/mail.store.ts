import type { Tx } from "../../lib/change.js";
import type { OutgoingMessage } from "./message.js";

/**
 * A message in the outbox, as the store keeps it (docs/decisions/0016-email-outbox.md): written in
 * the transaction of the change it tells about, claimed by a sender for a while, delivered under a
 * Message-ID made from its id, and recorded sent.
 */
export interface OutboxMessage {
  id: string;
  /** One message per event, such as `order:{id}:paid`: a change told twice is written once. */
  eventKey: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
  /** How many times a sender claimed it. */
  attempts: number;
  nextAttemptAt: Date;
  /** A sender is delivering it until then; past it, a sender that died is presumed gone. */
  claimedUntil: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  /**
   * The recipient has not shown that the address is theirs: the message waits, unsent, until it is
   * verified (docs/decisions/0019), so the shop never mails a stranger.
   */
  awaitingVerification: boolean;
}

/**
 * Where the outbox and the verified addresses are kept: the module's port, one implementation per
 * store. Addresses are given in their canonical form (lib/email-address.ts).
 */
export interface MailStore {
  /**
   * Writes the messages in the change's transaction, so each exists exactly when the change
   * committed. A message whose `eventKey` is written already is not written again; of two changes
   * writing the same event at once, one message is kept. A message to an address not verified when
   * it is written waits for the verification.
   */
  enqueue(tx: Tx, messages: OutgoingMessage[]): Promise<void>;
  /** Records that the address's owner verified it, in the change's transaction; true when it was not recorded before. */
  recordVerified(tx: Tx, address: string): Promise<boolean>;
  /** Makes the unsent messages waiting for the address due now, in the change's transaction; returns how many. */
  releaseAwaiting(tx: Tx, address: string): Promise<number>;
  /**
   * Releases what still waits for an address verified in the last `withinSeconds`: a message
   * written in a change that committed just after the verification's did not see it, and the
   * verification's release did not see the message. Returns how many.
   */
  releaseRecentlyVerified(withinSeconds: number): Promise<number>;
  /**
   * Claims the unsent message due longest (not waiting for a verification, its next attempt due,
   * not claimed or its claim run out) for `leaseSeconds`, counting the attempt, and returns it; null
   * when none is due. One step: of two senders claiming at once, each gets a different message (or
   * none), so no message is handed to two senders while its claim lasts. A claim that runs out (its
   * sender died) makes the message due again.
   */
  claimNextDue(leaseSeconds: number): Promise<OutboxMessage | null>;
  /** Records the message sent and its claim ended; a message recorded sent already stays as it was. */
  markSent(id: string): Promise<void>;
  /** Ends the claim with the reason, due again after `retryInSeconds`; a message recorded sent meanwhile stays as it was. */
  markFailed(id: string, error: string, retryInSeconds: number): Promise<void>;
  /** Messages not yet sent, those waiting for a verification left out. */
  countWaiting(): Promise<number>;
}
