import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OutgoingMessage } from "../../src/modules/mail/message.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The outbox's contract (mail.store.ts) on every store: one message per event, mail to an address
// nobody verified waits, and each due message is claimed by one sender at a time, sent once.

let testStores: TestStores;
let stores: Stores;

// Each test starts from an empty outbox: claiming takes whatever is due first.
beforeEach(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterEach(() => testStores?.close());

const address = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;
const messageTo = (to: string, eventKey = `test:${randomUUID()}:paid`): OutgoingMessage => ({ eventKey, to, subject: `About ${eventKey}`, text: "Plain.", html: "<p>Plain.</p>" });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const enqueue = (...messages: OutgoingMessage[]) => stores.change(({ tx }) => stores.mail.enqueue(tx, messages));
const verify = (to: string) => stores.change(({ tx }) => stores.mail.recordVerified(tx, to));
const verified = async () => {
  const to = address();
  await verify(to);
  return to;
};

/** Claims until none is due, each claim ending sent; returns the messages in the order claimed. */
async function drain(): Promise<string[]> {
  const claimed: string[] = [];
  for (let message = await stores.mail.claimNextDue(60); message; message = await stores.mail.claimNextDue(60)) {
    claimed.push(message.eventKey);
    await stores.mail.markSent(message.id);
  }
  return claimed;
}

describe("enqueue", () => {
  it("writes each message once per event, however often and in however many changes it is told", async () => {
    const to = await verified();
    const first = messageTo(to);
    await enqueue(first, { ...first, subject: "Told again in the same change" });
    await enqueue({ ...first, subject: "Told again later" });
    await enqueue(messageTo(to, "test:other"));

    expect(await stores.mail.countWaiting()).toBe(2);
    const message = await stores.mail.claimNextDue(60);
    expect(message).toMatchObject({
      eventKey: first.eventKey,
      recipient: to,
      subject: first.subject,
      text: "Plain.",
      html: "<p>Plain.</p>",
      attempts: 1,
      sentAt: null,
      lastError: null,
      awaitingVerification: false,
    });
    expect(message!.claimedUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(message!.createdAt).toBeInstanceOf(Date);
  });

  it("of two changes writing the same event at once, keeps one message", async () => {
    const to = await verified();
    const event = messageTo(to);
    await Promise.all([enqueue(event), enqueue({ ...event, subject: "The other change" }), enqueue(event)]);
    expect(await stores.mail.countWaiting()).toBe(1);
    expect(await drain()).toEqual([event.eventKey]);
  });

  it("writes nothing, and does not fail, when given no message", async () => {
    await enqueue();
    expect(await stores.mail.countWaiting()).toBe(0);
  });
});

describe("mail to an address nobody verified", () => {
  it("waits, uncounted and unclaimed, until the address is verified and its mail released", async () => {
    const to = address();
    const waiting = [messageTo(to), messageTo(to)];
    await enqueue(...waiting);
    expect(await stores.mail.countWaiting()).toBe(0);
    expect(await stores.mail.claimNextDue(60)).toBeNull();

    expect(await verify(to)).toBe(true);
    expect(await verify(to)).toBe(false);
    expect(await stores.mail.claimNextDue(60)).toBeNull();

    expect(await stores.change(({ tx }) => stores.mail.releaseAwaiting(tx, to))).toBe(2);
    expect(await stores.change(({ tx }) => stores.mail.releaseAwaiting(tx, to))).toBe(0);
    expect(await stores.mail.countWaiting()).toBe(2);
    expect((await drain()).sort()).toEqual(waiting.map((message) => message.eventKey).sort());
  });

  it("to an address verified before, is due at once", async () => {
    const to = await verified();
    await enqueue(messageTo(to));
    expect(await stores.mail.claimNextDue(60)).toMatchObject({ recipient: to, awaitingVerification: false });
  });

  it("written before a verification that did not release it, is released by the late release while the verification is recent", async () => {
    const to = address();
    const other = address();
    await enqueue(messageTo(to), messageTo(other));
    // The verification's own release ran before the message was there.
    await verify(to);

    expect(await stores.mail.releaseRecentlyVerified(600)).toBe(1);
    expect(await stores.mail.releaseRecentlyVerified(600)).toBe(0);
    expect(await stores.mail.countWaiting()).toBe(1);
    expect(await stores.mail.claimNextDue(60)).toMatchObject({ recipient: to });
  });

  it("is not released late once the verification is older than asked", async () => {
    const to = address();
    await enqueue(messageTo(to));
    await verify(to);
    await pause(1100);
    expect(await stores.mail.releaseRecentlyVerified(1)).toBe(0);
    expect(await stores.mail.countWaiting()).toBe(0);
  });
});

describe("claims", () => {
  it("claims the message due longest first, each while its claim lasts only once, and none when nothing is due", async () => {
    const to = await verified();
    const [first, second] = [messageTo(to), messageTo(to)];
    await enqueue(first);
    await pause(5);
    await enqueue(second);

    expect((await stores.mail.claimNextDue(60))?.eventKey).toBe(first.eventKey);
    expect((await stores.mail.claimNextDue(60))?.eventKey).toBe(second.eventKey);
    expect(await stores.mail.claimNextDue(60)).toBeNull();
    // Claimed is not sent: both still wait.
    expect(await stores.mail.countWaiting()).toBe(2);
  });

  it("makes a message due again when its claim runs out, counting each attempt", async () => {
    const to = await verified();
    const event = messageTo(to);
    await enqueue(event);
    const first = await stores.mail.claimNextDue(0);
    expect(first).toMatchObject({ eventKey: event.eventKey, attempts: 1 });
    await pause(20);
    const again = await stores.mail.claimNextDue(60);
    expect(again).toMatchObject({ id: first!.id, attempts: 2 });
  });

  it("of several senders claiming at once, never hands one message to two", async () => {
    const to = await verified();
    const events = Array.from({ length: 4 }, () => messageTo(to));
    for (const event of events) await enqueue(event);

    const claims = await Promise.all(Array.from({ length: 7 }, () => stores.mail.claimNextDue(60)));
    const claimed = claims.filter((message) => message !== null).map((message) => message.eventKey);
    expect(new Set(claimed).size).toBe(claimed.length);
    // What no sender got is still there for the next claim; nothing is claimed twice in all.
    const later = await stores.mail.claimNextDue(60).then(async function more(message): Promise<string[]> {
      return message ? [message.eventKey, ...(await stores.mail.claimNextDue(60).then(more))] : [];
    });
    expect([...claimed, ...later].sort()).toEqual(events.map((event) => event.eventKey).sort());
  });
});

describe("sent and failed", () => {
  it("a message recorded sent is never claimed again, and stays sent when recorded sent or failed again", async () => {
    const to = await verified();
    await enqueue(messageTo(to));
    const message = await stores.mail.claimNextDue(0);
    await stores.mail.markSent(message!.id);
    expect(await stores.mail.countWaiting()).toBe(0);
    await stores.mail.markSent(message!.id);
    await stores.mail.markFailed(message!.id, "late failure", 0);
    await pause(20);
    expect(await stores.mail.claimNextDue(60)).toBeNull();
    expect(await stores.mail.countWaiting()).toBe(0);
  });

  it("a failure ends the claim with its reason, and the message is due again after the wait", async () => {
    const to = await verified();
    const [failing, waitingLong] = [messageTo(to), messageTo(to)];
    await enqueue(failing);
    await pause(5);
    await enqueue(waitingLong);

    const first = await stores.mail.claimNextDue(600);
    const second = await stores.mail.claimNextDue(600);
    await stores.mail.markFailed(first!.id, "421 try later", 0);
    await stores.mail.markFailed(second!.id, "421 try much later", 3600);
    await pause(20);

    const retried = await stores.mail.claimNextDue(60);
    expect(retried).toMatchObject({ id: first!.id, eventKey: failing.eventKey, attempts: 2, lastError: "421 try later" });
    expect(await stores.mail.claimNextDue(60)).toBeNull();
    expect(await stores.mail.countWaiting()).toBe(2);
  });
});
