import type { Queryable } from "../../db/client.js";
import type { OutgoingMessage } from "./message.js";
import * as outbox from "./outbox.repository.js";

export type { OutgoingMessage } from "./message.js";
export { composeMessage } from "./message.js";

/**
 * What other modules do with mail: write it in the transaction of the change it tells about, so
 * it exists exactly when the change was committed. The sender (mail.sender.ts) delivers it.
 */
export function createMailService() {
  return {
    enqueue: (tx: Queryable, ...messages: OutgoingMessage[]): Promise<void> => outbox.enqueue(tx, messages),
  };
}
export type MailService = ReturnType<typeof createMailService>;
