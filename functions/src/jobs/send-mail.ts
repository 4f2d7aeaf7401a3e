import type { MailSettings } from "../config/env.js";
import { createMailSender, type DeliveryReport } from "../modules/mail/mail.sender.js";
import type { Stores } from "../stores/postgres.js";

/** Hands the outbox's due messages to the mail server; what could not go waits for the next run. */
export function sendMail(stores: Stores, settings: MailSettings): Promise<DeliveryReport> {
  return createMailSender(stores.mail, settings).deliverDue();
}

/** One line for the log of a run that sent something or left something waiting. */
export function describeDelivery({ sent, refused, serverUnavailable, waiting, lastError }: DeliveryReport): string | null {
  if (sent === 0 && refused === 0 && !serverUnavailable) return null;
  const parts = [`Sent ${sent} e-mail${sent === 1 ? "" : "s"}`];
  if (refused > 0) parts.push(`${refused} refused by the mail server, to be tried again`);
  if (serverUnavailable && waiting > 0) parts.push(`${waiting} waiting: ${lastError}`);
  if (sent === 0 && refused === 0 && waiting === 0) return null;
  return parts.join("; ");
}
