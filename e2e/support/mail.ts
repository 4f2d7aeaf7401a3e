import { expect } from "vitest";

/** The web inbox of the mail server `npm start` runs (scripts/mail-server.mjs). */
export const MAIL_INBOX = "http://localhost:1080";

export interface Mail {
  id: string;
  subject: string;
  to: { address: string }[];
  text?: string;
  headers: Record<string, string | string[]>;
}

export async function inbox(): Promise<Mail[]> {
  const response = await fetch(`${MAIL_INBOX}/api/email`);
  if (!response.ok) throw new Error(`the mail inbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

export const mailTo = async (address: string) => (await inbox()).filter((mail) => mail.to.some((to) => to.address === address));

/** Waits for the one message to `address` whose subject starts with `subject`, as the shop's sender delivers within seconds locally. */
export async function waitForMail(address: string, subject: string): Promise<Mail> {
  await expect.poll(async () => (await mailTo(address)).filter((mail) => mail.subject.startsWith(subject)).length, { timeout: 30_000, interval: 500 }).toBe(1);
  return (await mailTo(address)).find((mail) => mail.subject.startsWith(subject))!;
}

/** The message as a mail client shows it: its HTML. */
export const mailPage = (mail: Mail) => `${MAIL_INBOX}/api/email/${encodeURIComponent(mail.id)}/html`;
