import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailSettings } from "../../src/config/env.js";
import { createMailSender } from "../../src/modules/mail/mail.sender.js";
import { createAccount, markVerified } from "../support/auth-emulator.js";
import { outboxMessagesOf } from "../support/inspect/security.js";
import { TestMailServer } from "../support/mail-server.js";
import { expectProblem } from "../support/problems.js";
import { TestApi } from "../support/test-app.js";

// Issue 20, point 1: mail reaches only the address an account owns. The Auth emulator, like
// Firebase, accepts addresses a mail library reads as another one (`a victim@x` is a display name
// and `victim@x`); the shop refuses them at sign-in, and its sender never hands one to the library.

let api: TestApi;
let mailServer: TestMailServer;
let settings: MailSettings;

beforeAll(async () => {
  [api, mailServer] = await Promise.all([TestApi.start(), TestMailServer.start()]);
  settings = { smtpUrl: mailServer.smtpUrl, from: "Toolshop <orders@localhost>", messageIdDomain: "localhost" };
});
afterAll(async () => {
  await api?.stop();
  await mailServer?.stop();
});

/** The attacker's spellings, each made unique (the emulator keeps one account per address) without changing what it is. */
const spellings = (tag: string) => [
  `a victim-${tag}@x`,
  `x;victim-${tag}@x`,
  `victim-${tag}@x>`,
  `x-${tag}(c)@x`,
  `a victim-${tag}@x.test`,
  `x;victim-${tag}@x.test`,
  `x,victim-${tag}@x.test`,
  `victim-${tag}@x.test>`,
  `<victim-${tag}@x.test>`,
  `Mallory <victim-${tag}@x.test>`,
  `x-${tag}(c)@x.test`,
  `"victim-${tag}"@x.test`,
  `vïctim-${tag}@x.test`,
];

const tag = () => randomBytes(4).toString("hex");
const exchange = (email: string, idToken: string) => api.request("PUT", `/user/${encodeURIComponent(email)}`, { token: idToken, body: { email } });
// No account is removed here: the active ones are all of them.
const accounts = () => api.stores.users.listActive(100_000);
const accountCount = async () => (await accounts()).length;

/** Puts a message in the outbox, due now, whatever its address: recorded verified first, so it does not wait. */
const putInOutbox = (eventKey: string, to: string, subject: string) =>
  api.stores.change(async ({ tx }) => {
    await api.stores.mail.recordVerified(tx, to);
    await api.stores.mail.enqueue(tx, [{ eventKey, to, subject, text: subject, html: `<p>${subject}</p>` }]);
  });

/** A Firebase account under exactly this address, verified so nothing but the address stands in its way. */
async function firebaseAccountAs(email: string): Promise<string> {
  const response = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "secret123", returnSecureToken: true }) },
  );
  if (!response.ok) throw new Error(`the Auth emulator refused ${email}: ${await response.text()}`);
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
  await markVerified(localId);
  return idToken;
}

describe("signing in with an address that is not a plain one", () => {
  it("when a Firebase account under each attacker's spelling signs in, then each is refused with 400 invalid_email and no account is created", async () => {
    const before = await accountCount();
    for (const email of spellings(tag())) {
      const response = await exchange(email, await firebaseAccountAs(email));
      expectProblem(response, 400);
      expect({ email, code: response.body.code }).toEqual({ email, code: "invalid_email" });
      expect(response.body.detail).toMatch(/plain e-mail address/i);
      expect(response.body.token).toBeUndefined();
    }
    expect(await accountCount()).toBe(before);
  });

  it("when the path's address is plain but the token's account is under another spelling of it, then it is refused with 400 and no account is created", async () => {
    const before = await accountCount();
    const t = tag();
    const idToken = await firebaseAccountAs(`Mallory <victim-${t}@x.test>`);
    const response = await exchange(`victim-${t}@x.test`, idToken);
    expectProblem(response, 400);
    expect(response.body.code).toBe("invalid_email");
    expect(response.body.detail).toMatch(/your sign-in account/i);
    expect(await accountCount()).toBe(before);
  });

  it("when the path holds a non-plain spelling and the token is a plain account's, then it is refused with 400 before the token is looked at", async () => {
    const account = await createAccount("plain");
    const response = await exchange(`Mallory <${account.email}>`, account.idToken);
    expectProblem(response, 400);
    expect(response.body.errors).toEqual([{ path: "params/email", message: expect.any(String) }]);
    // Without any token too: the address is refused first.
    expectProblem(await api.request("PUT", `/user/${encodeURIComponent(`a ${account.email}`)}`), 400);
    expect((await accounts()).filter((user) => user.email.includes(account.email))).toEqual([]);
  });

  it("when a plain address is signed in with capitals and spaces around it, then the account gets its one lower-case spelling", async () => {
    const account = await createAccount("spaced");
    const shown = `  ${account.email.toUpperCase()} `;
    const response = await api.request("PUT", `/user/${encodeURIComponent(shown)}`, { token: account.idToken });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(account.email);
    // The calls that take an email in the path keep working for it.
    const profile = await api.request("GET", `/users/${encodeURIComponent(account.email)}`, { token: response.body.token });
    expect(profile.status).toBe(200);
  });
});

describe("the sender, given an address that is not plain", () => {
  const targets = ["victim@x", "x@x", "victim@x.test", "x@x.test"];
  const handedSpellings = [
    "a victim@x",
    "x;victim@x",
    "victim@x>",
    "x(c)@x",
    "a victim@x.test",
    "x;victim@x.test",
    "x,victim@x.test",
    "Mallory <victim@x.test>",
    "victim@x.test>",
    "x(c)@x.test",
    "victim@x.test\r\nBcc: x@x.test",
    "VICTIM@X.TEST",
    " victim@x.test",
  ];

  it("when messages to each spelling are in the outbox, then the sender refuses every one, keeps it unsent, and nothing reaches the addresses inside them", async () => {
    const eventKeys = handedSpellings.map((_, index) => `test:spelling:${index}`);
    for (const [index, recipient] of handedSpellings.entries()) await putInOutbox(eventKeys[index]!, recipient, "Hello");
    const report = await createMailSender(api.stores.mail, settings).deliverDue();
    expect(report).toMatchObject({ sent: 0, refused: handedSpellings.length, serverUnavailable: false });

    const inbox = await mailServer.inbox();
    for (const address of targets) expect({ address, received: inbox.filter((mail) => mail.to.some((to) => to.address === address)) }).toEqual({ address, received: [] });
    expect(inbox).toEqual([]);
    const stored = await outboxMessagesOf(api, eventKeys);
    expect(stored).toHaveLength(handedSpellings.length);
    for (const message of stored) expect(message).toEqual({ sentAt: null, lastError: expect.stringMatching(/not a bare address/) });
  });

  it("when a message to a plain verified address is sent, then that address alone receives it, once", async () => {
    const address = `owner-${tag()}@x.test`;
    await putInOutbox(`test:plain:${address}`, address, "Yours");
    expect(await createMailSender(api.stores.mail, settings).deliverDue()).toMatchObject({ sent: 1 });
    const received = (await mailServer.inbox()).filter((mail) => mail.subject === "Yours");
    expect(received.map((mail) => mail.to.map((to) => to.address))).toEqual([[address]]);
  });
});
