import type { Tx } from "../../lib/change.js";
import { canonicalAddress } from "../../lib/email-address.js";
import type { OutgoingMessage } from "./message.js";
import type { MailStore } from "./mail.store.js";

export type { OutgoingMessage } from "./message.js";
export { composeMessage } from "./message.js";

/**
 * What other modules do with mail: write it in the transaction of the change it tells about, so
 * it exists exactly when the change was committed. The sender (mail.sender.ts) delivers it.
 * Mail goes only to an address its owner has verified (docs/decisions/0019): until then it waits.
 * Both take the caller's transaction and nothing else: neither has work to do after the commit.
 */
export interface MailService {
  /** Writes the messages to the outbox; an event already told (the same `eventKey`) is not written again. */
  enqueue(tx: Tx, ...messages: OutgoingMessage[]): Promise<void>;
  /**
   * The identity provider vouches that the address's owner signed in (a verified password
   * account, or Google): it is recorded, and the messages waiting for it become due.
   */
  addressVerified(tx: Tx, address: string): Promise<void>;
}

export interface MailServiceDependencies {
  store: MailStore;
}

export function createMailService({ store }: MailServiceDependencies): MailService {
  return {
    enqueue: (tx, ...messages) => store.enqueue(tx, messages),

    async addressVerified(tx, address) {
      const canonical = canonicalAddress(address);
      if (canonical === null) return;
      await store.recordVerified(tx, canonical);
      await store.releaseAwaiting(tx, canonical);
    },
  };
}
