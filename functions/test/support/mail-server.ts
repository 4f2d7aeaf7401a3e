import { MailDev } from "maildev";

/** A message as the mail server received it. */
export interface ReceivedMail {
  id: string;
  subject: string;
  headers: Record<string, string | string[]>;
  to: { address: string }[];
  text?: string;
  html?: string;
}

/** A real SMTP server (MailDev) on free ports, its inbox read over its REST API as a person's mail client would. */
export class TestMailServer {
  private constructor(
    private readonly maildev: MailDev,
    readonly smtpPort: number,
    private readonly webUrl: string,
  ) {}

  static async start(): Promise<TestMailServer> {
    const [smtpPort, webPort] = await Promise.all([freePort(), freePort()]);
    const maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true });
    await maildev.start();
    return new TestMailServer(maildev, smtpPort, `http://127.0.0.1:${webPort}`);
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  async inbox(): Promise<ReceivedMail[]> {
    const response = await fetch(`${this.webUrl}/api/email`);
    if (!response.ok) throw new Error(`the mail server's inbox answered ${response.status}`);
    return (await response.json()) as ReceivedMail[];
  }

  /** The Message-ID header the sender gave the message. */
  static messageIdOf(mail: ReceivedMail): string {
    return String(mail.headers["message-id"]);
  }

  async messagesTo(address: string): Promise<ReceivedMail[]> {
    return (await this.inbox()).filter((mail) => mail.to.some((to) => to.address === address));
  }

  async stop(): Promise<void> {
    await this.maildev.stop();
  }
}

async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
