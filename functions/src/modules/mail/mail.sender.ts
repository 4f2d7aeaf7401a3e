import type { MailSettings } from "../../config/env.js";
import { isCanonicalAddress } from "../../lib/email-address.js";
import type { MailStore } from "./mail.store.js";
import { isMessageRefused, type MailTransport, smtpTransport } from "./smtp-transport.js";

export interface DeliveryReport {
  sent: number;
  /** Messages the mail server refused this time; each is tried again later. */
  refused: number;
  /** Whether the mail server could not be reached, or SMTP_URL is unset: the run stopped early. */
  serverUnavailable: boolean;
  /** Messages still to send when the run stopped. */
  waiting: number;
  lastError: string | null;
}

/** How much one run delivers at most: a scheduled run has a timeout, and what is left goes on the next run. */
export interface DeliveryLimits {
  maxMessages?: number;
  maxMilliseconds?: number;
}

/** Delivers the outbox's due messages, for the `sendMail` job. */
export interface MailSender {
  deliverDue(limits?: DeliveryLimits): Promise<DeliveryReport>;
}

/** Long enough for one message's worst case under the transport's timeouts, twice over. */
const CLAIM_SECONDS = 120;
/** A server that cannot be reached is tried again soon: the messages are not at fault. */
const SERVER_RETRY_SECONDS = 10;
/** A refused message waits longer each time, up to an hour, and is never dropped. */
const refusedRetrySeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);

/**
 * How long after an address is verified the sender still looks for messages to it that wait: one
 * written in a transaction that committed just after the verification did not see it.
 */
const LATE_RELEASE_SECONDS = 600;
/** How much of the mail server's answer is kept with a message that failed. */
const MAX_ERROR_LENGTH = 1000;
const NOT_CANONICAL = "The recipient is not a bare address in canonical form; the message is not sent.";

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox (docs/decisions/0016-email-outbox.md): claims one due message at a time,
 * hands it to the mail server under a Message-ID made from its id, and records it sent. A sender
 * that dies after the server took a message and before recording it leaves the claim to run out;
 * the message then goes again under the same Message-ID, which the receiving side uses to keep one.
 */
export function createMailSender(store: MailStore, settings: MailSettings, transportOf: (url: string) => MailTransport = smtpTransport): MailSender {
  const messageIdOf = (id: string) => `<${id}@${settings.messageIdDomain}>`;
  const markFailed = (id: string, error: string, retryInSeconds: number) => store.markFailed(id, error.slice(0, MAX_ERROR_LENGTH), retryInSeconds);

  return {
    async deliverDue({ maxMessages = 200, maxMilliseconds = 40_000 } = {}) {
      const report: DeliveryReport = { sent: 0, refused: 0, serverUnavailable: false, waiting: 0, lastError: null };
      await store.releaseRecentlyVerified(LATE_RELEASE_SECONDS);
      if (!settings.smtpUrl) {
        report.serverUnavailable = true;
        report.lastError = "SMTP_URL is not set";
        report.waiting = await store.countWaiting();
        return report;
      }
      const transport = transportOf(settings.smtpUrl);
      const startedAt = Date.now();
      try {
        while (report.sent + report.refused < maxMessages && Date.now() - startedAt < maxMilliseconds) {
          const message = await store.claimNextDue(CLAIM_SECONDS);
          if (!message) break;
          // The addresses stored are canonical already; one that is not (written before the rule,
          // or by a bug) is never handed to the mail library, which could read another address in it.
          if (!isCanonicalAddress(message.recipient)) {
            report.refused++;
            report.lastError = NOT_CANONICAL;
            await markFailed(message.id, NOT_CANONICAL, refusedRetrySeconds(message.attempts));
            continue;
          }
          try {
            await transport.send({
              messageId: messageIdOf(message.id),
              from: settings.from,
              to: message.recipient,
              subject: message.subject,
              text: message.text,
              html: message.html,
            });
          } catch (error) {
            report.lastError = describe(error);
            if (isMessageRefused(error)) {
              report.refused++;
              await markFailed(message.id, report.lastError, refusedRetrySeconds(message.attempts));
              continue;
            }
            report.serverUnavailable = true;
            await markFailed(message.id, report.lastError, SERVER_RETRY_SECONDS);
            break;
          }
          await store.markSent(message.id);
          report.sent++;
        }
      } finally {
        transport.close();
      }
      if (report.serverUnavailable || report.refused > 0) report.waiting = await store.countWaiting();
      return report;
    },
  };
}
