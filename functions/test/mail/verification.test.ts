import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ORDER_RULES, DEFAULT_RATE_LIMITS, type MailSettings } from "../../src/config/env.js";
import { createMailSender } from "../../src/modules/mail/mail.sender.js";
import { googleAccount, signInWithPassword, uniqueEmail, verifyThroughLink } from "../support/auth-emulator.js";
import { outboxTo, writeAwaitingMessage } from "../support/inspect/mail.js";
import { TestMailServer } from "../support/mail-server.js";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 20, point 2: no stranger is flooded. Until an address is verified the shop sends it
// nothing; its order e-mail waits in the outbox and goes, each message once, when a sign-in shows
// Firebase vouching for it (the verification link followed, or Google).

let api: TestApi;
let mailServer: TestMailServer;
let settings: MailSettings;

beforeAll(async () => {
  // A deployment's limits and hold rules: the burst below goes as far as they let it.
  [api, mailServer] = await Promise.all([
    TestApi.start({ rateLimits: DEFAULT_RATE_LIMITS, orderRules: DEFAULT_ORDER_RULES }),
    TestMailServer.start(),
  ]);
  settings = { smtpUrl: mailServer.smtpUrl, from: "Toolshop <orders@localhost>", messageIdDomain: "localhost" };
});
afterAll(async () => {
  await api?.stop();
  await mailServer?.stop();
});

const deliver = () => createMailSender(api.anotherInstanceStores().mail, settings).deliverDue();
const exchange = (email: string, idToken: string) => api.request("PUT", `/user/${encodeURIComponent(email)}`, { token: idToken, body: { email } });

/**
 * Places and cancels as fast as the shop lets one buyer, up to `rounds` times, a tool at a time (a
 * buyer who cancelled a tool waits before ordering it again); returns how many of each went through.
 */
async function placeAndCancel(buyer: SignedInUser, toolIds: string[], rounds: number): Promise<{ placed: number; cancelled: number; stoppedBy: number | null }> {
  let placed = 0;
  let cancelled = 0;
  for (let round = 0; round < rounds; round++) {
    const order = await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolIds[round % toolIds.length]!, 2) });
    if (order.status !== 201) return { placed, cancelled, stoppedBy: order.status };
    placed++;
    const cancel = await api.request("DELETE", `/orders/${order.body._id}`, { token: buyer.token });
    if (cancel.status !== 200) return { placed, cancelled, stoppedBy: cancel.status };
    cancelled++;
  }
  return { placed, cancelled, stoppedBy: null };
}

describe("mail to an address nobody has verified", () => {
  it("when an unverified buyer places and cancels for a minute's worth of calls, then the mail server receives nothing; once they verify and sign in again, each waiting message goes once", async () => {
    const buyer = await api.signUp("unverified");
    const toolIds = await Promise.all(Array.from({ length: 120 }, () => api.addTool({ minOrderQuantity: 2, stock: 10_000 })));

    const burst = await placeAndCancel(buyer, toolIds, 120);
    expect(burst.placed).toBeGreaterThan(0);
    // Signing in again without verifying releases nothing.
    expect((await exchange(buyer.email, await signInWithPassword(buyer.email, buyer.account.password))).status).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 0, refused: 0, serverUnavailable: false, lastError: null });
    expect(await mailServer.inbox()).toEqual([]);
    const waiting = await outboxTo(api, buyer.email);
    expect(waiting).toHaveLength(burst.placed + burst.cancelled);
    expect(waiting.every((message) => message.awaitingVerification && message.sentAt === null)).toBe(true);

    await verifyThroughLink(buyer.email, buyer.account.idToken);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect((await exchange(buyer.email, await signInWithPassword(buyer.email, buyer.account.password))).status).toBe(200);

    const sentCount = waiting.length;
    const first = await deliver();
    const second = await deliver();
    expect(first.sent + second.sent).toBe(sentCount);
    expect(await deliver()).toMatchObject({ sent: 0 });
    const received = await mailServer.messagesTo(buyer.email);
    expect(received).toHaveLength(sentCount);
    expect(new Set(received.map(TestMailServer.messageIdOf)).size).toBe(sentCount);
    expect((await mailServer.inbox()).length).toBe(sentCount);
  });

  it("when one buyer verifies, then another unverified buyer's mail still waits", async () => {
    const [waitingBuyer, verifiedBuyer] = await Promise.all([api.signUp("still-waiting"), api.signUp("verifying")]);
    const toolId = await api.addTool({ minOrderQuantity: 2, stock: 10_000 });
    await api.placeOrder(waitingBuyer, toolId);
    await api.placeOrder(verifiedBuyer, toolId);

    await verifyThroughLink(verifiedBuyer.email, verifiedBuyer.account.idToken);
    expect((await exchange(verifiedBuyer.email, await signInWithPassword(verifiedBuyer.email, verifiedBuyer.account.password))).status).toBe(200);
    await deliver();
    expect(await mailServer.messagesTo(verifiedBuyer.email)).toHaveLength(1);
    expect(await mailServer.messagesTo(waitingBuyer.email)).toEqual([]);
    expect((await outboxTo(api, waitingBuyer.email)).map((message) => message.awaitingVerification)).toEqual([true]);
  });

  it("when a buyer signs in with Google, then their address counts as verified and their order e-mail goes at once", async () => {
    const email = uniqueEmail("google");
    const google = await googleAccount(email);
    const signedIn = await exchange(email, google.idToken);
    expect(signedIn.status).toBe(200);
    const order = await api.request("POST", "/orders", { token: signedIn.body.token, body: orderBody(await api.addTool(), 2) });
    expect(order.status).toBe(201);

    expect(await deliver()).toMatchObject({ sent: 1 });
    expect((await mailServer.messagesTo(email)).map((mail) => mail.subject)).toEqual([expect.stringContaining("placed")]);
  });

  it("when a message was written, unseen, just as its address was verified, then the sender's next run still sends it", async () => {
    const buyer = await api.signUp("late", { verified: true });
    // As a transaction that did not yet see the verification would have written it.
    await writeAwaitingMessage(api, { eventKey: `test:late:${buyer.id}`, to: buyer.email, subject: "Late", text: "Late", html: "<p>Late</p>" });
    await deliver();
    expect((await mailServer.messagesTo(buyer.email)).map((mail) => mail.subject)).toEqual(["Late"]);
  });
});
