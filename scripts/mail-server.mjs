// The local mail server `npm start` runs: MailDev, an SMTP server with a web inbox, where every
// e-mail the shop sends arrives. Like the mail systems buyers use, it keeps one copy of a message
// it receives twice under the same Message-ID, which the shop's sender reuses when it cannot know
// whether a first attempt arrived (docs/decisions/0016-email-outbox.md).
import { MailDev } from "maildev";

export const MAIL_SMTP_PORT = 1025;
export const MAIL_WEB_PORT = 1080;

const messageIdOf = (email) => {
  const header = email.headers?.["message-id"];
  return Array.isArray(header) ? header[0] : header;
};

/** Starts the server on loopback, keeping its mail in `mailDirectory` between runs. */
export async function startMailServer({ smtpPort = MAIL_SMTP_PORT, webPort = MAIL_WEB_PORT, mailDirectory } = {}) {
  const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: "127.0.0.1", webIp: "127.0.0.1", mailDirectory, maxEmails: 5000, silent: true });
  const { smtp, storage } = await maildev.start();
  const seen = new Set((await storage.getAll()).map(messageIdOf).filter(Boolean));
  smtp.on("new", (email) => {
    const messageId = messageIdOf(email);
    if (!messageId) return;
    if (!seen.has(messageId)) {
      seen.add(messageId);
      return;
    }
    smtp.deleteEmail(email.id).catch(() => undefined);
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    stop: () => maildev.stop(),
  };
}
