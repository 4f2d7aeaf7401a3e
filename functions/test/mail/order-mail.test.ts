import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MailSettings } from "../../src/config/env.js";
import { releaseUnpaidOrders } from "../../src/jobs/release-unpaid-orders.js";
import { createMailSender } from "../../src/modules/mail/mail.sender.js";
import { type MailTransport, smtpTransport } from "../../src/modules/mail/smtp-transport.js";
import { moveHoldEnd } from "../support/inspect/orders.js";
import { endClaim, makeDueNow, outboxCount, outboxOfEvents } from "../support/inspect/mail.js";
import { TestMailServer } from "../support/mail-server.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// The buyer's e-mail at each step of an order: written to the outbox with the change, delivered by
// the sender through a real SMTP server, each message once.

let api: TestApi;
let mailServer: TestMailServer;
let buyer: SignedInUser;
let admin: SignedInUser;
let settings: MailSettings;

beforeAll(async () => {
  [api, mailServer] = await Promise.all([TestApi.start(), TestMailServer.start()]);
  // Verified: the shop mails only an address its owner has confirmed (decision 19).
  [buyer, admin] = await Promise.all([api.signUp("buyer", { verified: true }), api.signUpAdmin()]);
  settings = { smtpUrl: mailServer.smtpUrl, from: "Toolshop <orders@localhost>", messageIdDomain: "localhost" };
});
afterAll(async () => {
  await api?.stop();
  await mailServer?.stop();
});

const sender = (overrides: Partial<MailSettings> = {}, transportOf?: (url: string) => MailTransport) =>
  createMailSender(api.anotherInstanceStores().mail, { ...settings, ...overrides }, transportOf);
const deliver = () => sender().deliverDue();

const outboxFor = (orderId: string) => outboxOfEvents(api, `order:${orderId}:`);
const waiting = () => outboxCount(api, { unsentOnly: true });
const mailAbout = async (orderId: string) => (await mailServer.messagesTo(buyer.email)).filter((mail) => mail.text?.includes(orderId.slice(0, 8).toUpperCase()));

// Each test starts with nothing left to send, so what it counts is its own.
beforeEach(async () => {
  await deliver();
});

const payWithSandbox = (orderId: string) => api.payByCard(buyer, orderId);

describe("the buyer's e-mail at each step of an order", () => {
  it("when an order is placed, then the buyer gets one message with its number, total and a link to pay", async () => {
    const toolId = await api.addTool({ name: "Bench Vise", unitPriceCents: 4500, minOrderQuantity: 2 });
    const orderId = await api.placeOrder(buyer, toolId, 3);
    expect(await outboxFor(orderId)).toHaveLength(1);

    expect(await deliver()).toMatchObject({ sent: 1, serverUnavailable: false });
    const [mail, ...more] = await mailAbout(orderId);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Order ${orderId.slice(0, 8).toUpperCase()} placed: Bench Vise`);
    expect(mail!.text).toContain("Total: $135.00");
    expect(mail!.text).toContain(`http://localhost:5000/dashboard/payment/${orderId}`);
    expect(mail!.html).toContain(`href="http://localhost:5000/dashboard/payment/${orderId}"`);
    expect(TestMailServer.messageIdOf(mail!)).toBe(`<${(await outboxFor(orderId))[0]!.id}@localhost>`);
  });

  it("when an order is refused, then nothing is written to send", async () => {
    const before = await outboxCount(api);
    const toolId = await api.addTool({ minOrderQuantity: 5 });
    const refused = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 2) });
    expect(refused.status).toBe(422);
    expect(await outboxCount(api)).toBe(before);
  });

  it("when an order is paid, then the receipt has the unit price, quantity, total, time paid, card's last four and transaction id", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool({ name: "Pipe Wrench", unitPriceCents: 3000 }), 4);
    const intentId = await payWithSandbox(orderId);
    await deliver();
    const receipt = (await mailAbout(orderId)).find((mail) => mail.subject.startsWith("Receipt"));
    expect(receipt!.subject).toBe(`Receipt for order ${orderId.slice(0, 8).toUpperCase()}`);
    for (const line of ["Tool: Pipe Wrench", "Unit price: $30.00", "Quantity: 4", "Total: $120.00", "Card: ending in 4242", `Transaction id: ${intentId}`]) {
      expect(receipt!.text).toContain(line);
    }
    expect(receipt!.text).toMatch(/Paid at: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(receipt!.text).toContain(`http://localhost:5000/dashboard/orders/${orderId}`);
  });

  it("when a paid order is shipped, then the buyer is told once, however often the admin marks it", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    await payWithSandbox(orderId);
    for (let i = 0; i < 2; i++) expect((await api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token })).status).toBe(200);
    await deliver();
    expect((await mailAbout(orderId)).filter((mail) => mail.subject.endsWith("has shipped"))).toHaveLength(1);
  });

  it("when an order is cancelled by its buyer, by the shop, or at the end of its hold, then the buyer is told which", async () => {
    const tool = await api.addTool();
    const [byBuyer, byShop, byHold] = [await api.placeOrder(buyer, tool), await api.placeOrder(buyer, tool), await api.placeOrder(buyer, tool)];
    expect((await api.request("DELETE", `/orders/${byBuyer}`, { token: buyer.token })).status).toBe(200);
    expect((await api.request("DELETE", `/orders/${byShop}`, { token: admin.token })).status).toBe(200);
    await moveHoldEnd(api, [byHold], -1);
    expect(await releaseUnpaidOrders(api.stores)).toBe(1);
    await deliver();

    const cancelled = async (orderId: string) => (await mailAbout(orderId)).filter((mail) => mail.subject.endsWith("cancelled"));
    expect((await cancelled(byBuyer)).map((mail) => mail.text)).toEqual([expect.stringContaining("You cancelled your order")]);
    expect((await cancelled(byShop)).map((mail) => mail.text)).toEqual([expect.stringContaining("The shop cancelled your order")]);
    expect((await cancelled(byHold)).map((mail) => mail.text)).toEqual([expect.stringContaining("was not paid in time")]);
  });
});

describe("delivery, each message exactly once", () => {
  it("when two senders run at once, then each message reaches the mail server once", async () => {
    const tool = await api.addTool();
    const orderIds = await Promise.all(Array.from({ length: 6 }, () => api.placeOrder(buyer, tool)));
    const [first, second] = await Promise.all([deliver(), deliver()]);
    expect(first.sent + second.sent).toBe(6);
    for (const orderId of orderIds) expect(await mailAbout(orderId)).toHaveLength(1);
    expect(await deliver()).toMatchObject({ sent: 0 });
  });

  it("when the mail server is down, then mail waits with the reason, and goes once when the server is back", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    const down = await sender({ smtpUrl: "smtp://127.0.0.1:9" }).deliverDue();
    expect(down).toMatchObject({ sent: 0, serverUnavailable: true, waiting: 1 });
    const [row] = await outboxFor(orderId);
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED|connect/) });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await mailAbout(orderId)).toHaveLength(0);

    // Not before it is due again; then it goes.
    expect(await deliver()).toMatchObject({ sent: 0 });
    await makeDueNow(api, row!.eventKey);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await mailAbout(orderId)).toHaveLength(1);
    expect((await outboxFor(orderId))[0]).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) });
  });

  it("when SMTP_URL is not set, then mail waits in the outbox and the run says so", async () => {
    await api.placeOrder(buyer, await api.addTool());
    expect(await sender({ smtpUrl: null }).deliverDue()).toMatchObject({ sent: 0, serverUnavailable: true, waiting: 1, lastError: "SMTP_URL is not set" });
    expect(await waiting()).toBe(1);
  });

  it("when the server refuses one message, then the others still go and that one is tried again later, never dropped", async () => {
    const tool = await api.addTool();
    const [refusedId, acceptedId] = [await api.placeOrder(buyer, tool), await api.placeOrder(buyer, tool)];
    const [refusedRow] = await outboxFor(refusedId);
    const refusingOne = (url: string): MailTransport => {
      const real = smtpTransport(url);
      return {
        send: async (envelope) => {
          if (envelope.messageId.includes(refusedRow!.id)) throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550, code: "EENVELOPE" });
          await real.send(envelope);
        },
        close: () => real.close(),
      };
    };
    expect(await sender({}, refusingOne).deliverDue()).toMatchObject({ sent: 1, refused: 1, waiting: 1 });
    expect(await mailAbout(acceptedId)).toHaveLength(1);
    const [after] = await outboxFor(refusedId);
    expect(after).toMatchObject({ sentAt: null, lastError: "550 mailbox unavailable" });
    expect(after!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(30_000);
  });

  it("when a sender dies after the server took a message and before recording it, then the message goes again under the same Message-ID, and only once more", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    // A transport that hands the message over and then never returns: the sender's process is gone.
    const diesAfterSending = (url: string): MailTransport => {
      const real = smtpTransport(url);
      return { send: async (envelope) => real.send(envelope).then(() => new Promise<never>(() => undefined)), close: () => real.close() };
    };
    void sender({}, diesAfterSending).deliverDue();
    await expect.poll(() => mailAbout(orderId), { timeout: 10_000 }).toHaveLength(1);

    // While its claim lasts, no other sender touches the message.
    expect(await deliver()).toMatchObject({ sent: 0 });
    // The claim runs out, as it does two minutes after a sender died.
    await endClaim(api, `order:${orderId}:placed`);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const copies = await mailAbout(orderId);
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map(TestMailServer.messageIdOf)).size).toBe(1);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect((await outboxFor(orderId))[0]).toMatchObject({ sentAt: expect.any(Date), attempts: 2 });
  });
});
