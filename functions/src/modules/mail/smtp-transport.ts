import nodemailer from "nodemailer";

/** One message as the mail server receives it. */
export interface Envelope {
  messageId: string;
  from: string;
  /** One bare address in canonical form (lib/email-address.ts). */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, to the server SMTP_URL names (`smtp://user:pass@host:587`, `smtps://…`).
 * The timeouts bound one message well inside the sender's claim on it (mail.sender.ts), so a claim
 * never runs out while its message is still being handed over.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send({ messageId, from, to, subject, text, html }) {
      // An address object, which nodemailer takes as it is: a string it would parse, and could
      // read a display name, a comment or a list in.
      await transporter.sendMail({ messageId, from, to: { name: "", address: to }, subject, text, html });
    },
    close: () => transporter.close(),
  };
}

/**
 * An answer from the mail server about this message (a 4xx or 5xx reply) rather than a server that
 * could not be reached or refused us as a whole: only the former is the message's own failure.
 */
export function isMessageRefused(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  // 421 is the server closing for everyone ("service not available"), and a refused login is ours.
  return typeof responseCode === "number" && responseCode !== 421 && code !== "EAUTH" && code !== "ECONNECTION";
}
