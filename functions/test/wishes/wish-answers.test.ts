import { randomUUID } from "node:crypto";
import { getAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailSender } from "../../src/modules/mail/mail.sender.js";
import { signInWithPassword, uniqueEmail } from "../support/auth-emulator.js";
import { outboxOfEvents } from "../support/inspect/mail.js";
import { TestMailServer } from "../support/mail-server.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";
import { auditOf, groupsOf, tag, wishFor, wishStates } from "./wish-helpers.js";

// An admin's answers to wishes: done or declined, or the tool added for them, whose buyers are then
// e-mailed a link to it, each once. All or nothing, with an audit entry per wish changed.

let api: TestApi;
let mailServer: TestMailServer;
let ann: SignedInUser;
let bob: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [api, mailServer] = await Promise.all([TestApi.start(), TestMailServer.start()]);
  // Verified: the shop mails only an address its owner has confirmed (decision 19).
  [ann, bob, admin] = await Promise.all([api.signUp("ann", { verified: true }), api.signUp("bob", { verified: true }), api.signUpAdmin()]);
});
afterAll(async () => {
  await api?.stop();
  await mailServer?.stop();
});

const resolve = (body: unknown, token = admin.token) => api.request("POST", "/admin/wishes/resolve", { token, body });
const fulfil = (body: unknown, token = admin.token) => api.request("POST", "/admin/wishes/fulfil", { token, body });

/** The e-mail written about the tool, by recipient. */
async function outboxAbout(toolId: string) {
  return (await outboxOfEvents(api, `tool:${toolId}:`)).sort((a, b) => (a.recipient < b.recipient ? -1 : a.recipient > b.recipient ? 1 : 0));
}

/** A tool added as Add Product adds it. */
async function addTool(name: string): Promise<string> {
  const response = await api.request("POST", "/tools", {
    token: admin.token,
    body: { name, price: 249.5, description: "Added for the wishes.", moq: 2, aq: 40, img: "/images/tools/laser-level.svg" },
  });
  expect(response.status).toBe(201);
  return response.body._id;
}

describe("marking wishes done or declined", () => {
  it("when an admin marks a group done, then its wishes are done with the time, each has an audit entry, and User Wish lists them under done", async () => {
    const word = tag();
    const ids = [await wishFor(api, ann, `${word} Drum Sander`, 300), await wishFor(api, bob, `${word} drum sanders`, 340)];
    const response = await resolve({ wishIds: ids, status: "done" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ acknowledged: true, modifiedCount: 2 });

    const states = await wishStates(api, ids);
    expect(states.map((state) => [state.status, state.toolId])).toEqual([["done", null], ["done", null]]);
    for (const state of states) expect(state.resolvedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const entries = await auditOf(api, ids);
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.targetId, entry.details.status]).sort()).toEqual(
      ids.map((id) => ["wish.resolved", admin.id, id, "done"]).sort(),
    );
    expect((await groupsOf(api, admin, `q=${word}`)).body.groups).toEqual([]);
    expect((await groupsOf(api, admin, `q=${word}&status=done`)).body.groups.map((group) => group.count)).toEqual([2]);
  });

  it("when an admin declines a wish twice, then the second answer changes nothing and records nothing", async () => {
    const id = await wishFor(api, ann, `${tag()} Belt Sander`, 120);
    expect((await resolve({ wishIds: [id], status: "declined" })).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    const [before] = await wishStates(api, [id]);
    expect((await resolve({ wishIds: [id.toUpperCase()], status: "declined" })).body).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await wishStates(api, [id])).toEqual([before]);
    expect(await auditOf(api, [id])).toHaveLength(1);
  });

  it("when one of the wishes has the other answer, then 409 and none of them changes", async () => {
    const word = tag();
    const [declined, open] = [await wishFor(api, ann, `${word} Jig Saw`, 80), await wishFor(api, bob, `${word} Jig Saw`, 90)];
    expect((await resolve({ wishIds: [declined], status: "declined" })).status).toBe(200);
    expectProblem(await resolve({ wishIds: [open, declined], status: "done" }), 409);
    expect((await wishStates(api, [declined, open])).map((state) => [state.id, state.status]).sort()).toEqual(
      [
        [declined, "declined"],
        [open, "open"],
      ].sort(),
    );
  });

  it("when a wish does not exist, then 404 and none of them changes", async () => {
    const id = await wishFor(api, ann, `${tag()} Oscillating Tool`, 150);
    for (const missing of [randomUUID(), "not-a-wish"]) {
      expectProblem(await resolve({ wishIds: [id, missing], status: "done" }), 404);
    }
    expect((await wishStates(api, [id]))[0]!.status).toBe("open");
    expect(await auditOf(api, [id])).toEqual([]);
  });

  it("when the body is wrong, then 400 names the field and nothing changes", async () => {
    const id = await wishFor(api, ann, `${tag()} Heat Gun`, 45);
    const bodies = [
      {},
      { wishIds: [id] },
      { wishIds: [], status: "done" },
      { wishIds: Array.from({ length: 101 }, () => randomUUID()), status: "done" },
      { wishIds: [id], status: "open" },
      { wishIds: [id], status: "Done" },
      { wishIds: id, status: "done" },
      { wishIds: [42], status: "done" },
      { wishIds: [""], status: "done" },
      { wishIds: [id], status: "done", toolId: randomUUID() },
    ];
    for (const body of bodies) expectValidationProblem(await resolve(body));
    expect((await wishStates(api, [id]))[0]!.status).toBe("open");
    expect(await auditOf(api, [id])).toEqual([]);
  });

  it("when a buyer or a visitor tries, then it is refused and nothing changes", async () => {
    const id = await wishFor(api, ann, `${tag()} Router Table`, 210);
    expectProblem(await resolve({ wishIds: [id], status: "declined" }, ann.token), 403);
    expectProblem(await api.request("POST", "/admin/wishes/resolve", { body: { wishIds: [id], status: "declined" } }), 401);
    expect((await wishStates(api, [id]))[0]!.status).toBe("open");
  });
});

describe("the tool added for wishes", () => {
  it("when an admin records the tool added for a group, then its wishes are done naming the tool, and each buyer gets one e-mail with a link to it", async () => {
    const word = tag();
    const ids = [
      await wishFor(api, ann, `${word} Laser Level`, 200),
      await wishFor(api, bob, `${word} laser levels`, 260),
      await wishFor(api, ann, `${word} LASER LEVEL`, 240),
    ];
    const toolId = await addTool(`${word} Laser Level Pro`);

    const response = await fulfil({ wishIds: ids, toolId });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ acknowledged: true, modifiedCount: 3 });
    expect((await wishStates(api, ids)).map((state) => [state.status, state.toolId])).toEqual(ids.map(() => ["done", toolId]));
    const entries = await auditOf(api, ids);
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry).toMatchObject({ action: "wish.resolved", actorId: admin.id, details: { status: "done", toolId, toolName: `${word} Laser Level Pro` } });
    }

    const mail = await outboxAbout(toolId);
    expect(mail.map((message) => message.recipient).sort()).toEqual([ann.email, bob.email].sort());
    for (const message of mail) {
      expect(message.subject).toBe(`The tool you wished for is here: ${word} Laser Level Pro`);
      expect(message.text).toContain(`http://localhost:5000/tools/${toolId}`);
      expect(message.html).toContain(`href="http://localhost:5000/tools/${toolId}"`);
      expect(message.text).toContain("Price: $249.50");
    }
    // Ann is told about her most recent wish.
    expect(mail.find((message) => message.recipient === ann.email)!.text).toContain(`you wished for “${word} LASER LEVEL”`);
    expect((await groupsOf(api, admin, `q=${word}&status=done`)).body.groups[0]!.wishes.map((wish) => wish.toolId)).toEqual([toolId, toolId, toolId]);
  });

  it("when it is recorded again, or for another wish of a buyer already told, then nobody is e-mailed twice", async () => {
    const word = tag();
    const first = await wishFor(api, ann, `${word} Pipe Threader`, 500);
    const toolId = await addTool(`${word} Pipe Threader`);
    expect((await fulfil({ wishIds: [first], toolId })).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await fulfil({ wishIds: [first], toolId })).body).toEqual({ acknowledged: true, modifiedCount: 0 });
    const later = await wishFor(api, ann, `${word} pipe threaders`, 450);
    expect((await fulfil({ wishIds: [first, later], toolId })).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await outboxAbout(toolId)).toHaveLength(1);
    expect(await auditOf(api, [first, later])).toHaveLength(2);
  });

  it("when the e-mail is sent, then each buyer's inbox has it once, with the link to the tool", async () => {
    const word = tag();
    const ids = [await wishFor(api, ann, `${word} Tile Saw`, 300), await wishFor(api, bob, `${word} tile saws`, 320)];
    const toolId = await addTool(`${word} Tile Saw`);
    expect((await fulfil({ wishIds: ids, toolId })).status).toBe(200);

    const sender = createMailSender(api.stores.mail, { smtpUrl: mailServer.smtpUrl, from: "Toolshop <orders@localhost>", messageIdDomain: "localhost" });
    await sender.deliverDue();
    for (const buyer of [ann, bob]) {
      const received = (await mailServer.messagesTo(buyer.email)).filter((mail) => mail.subject.includes(word));
      expect(received).toHaveLength(1);
      expect(received[0]!.subject).toBe(`The tool you wished for is here: ${word} Tile Saw`);
      expect(received[0]!.text).toContain(`Hello ${buyer.name},`);
      expect(received[0]!.html).toContain(`href="http://localhost:5000/tools/${toolId}"`);
    }
  });

  it("when a wisher's account was removed, then their wish is done too but nobody is e-mailed at that address", async () => {
    const word = tag();
    const gone = await api.signUp("gone");
    const ids = [await wishFor(api, gone, `${word} Chop Saw`, 180), await wishFor(api, bob, `${word} Chop Saw`, 200)];
    expect((await api.request("DELETE", `/users/${gone.id}`, { token: admin.token })).status).toBe(200);
    const toolId = await addTool(`${word} Chop Saw`);
    expect((await fulfil({ wishIds: ids, toolId })).body).toEqual({ acknowledged: true, modifiedCount: 2 });
    expect((await outboxAbout(toolId)).map((message) => message.recipient)).toEqual([bob.email]);
    expect((await groupsOf(api, admin, `q=${word}&status=done`)).body.groups[0]!.wishes.map((wish) => wish.userEmail)).toEqual([bob.email, null]);
  });

  it("when a wisher moved to another address in Firebase and signed in with it, then the e-mail goes to the new address", async () => {
    const word = tag();
    const mover = await api.signUp("mover", { verified: true });
    const id = await wishFor(api, mover, `${word} Planer`, 210);
    const movedTo = uniqueEmail("moved");
    await getAuth().updateUser(mover.account.uid, { email: movedTo });
    const exchanged = await api.request("PUT", `/user/${encodeURIComponent(movedTo)}`, {
      token: await signInWithPassword(movedTo, mover.account.password),
      body: { email: movedTo },
    });
    expect(exchanged.status).toBe(200);
    const toolId = await addTool(`${word} Planer`);
    expect((await fulfil({ wishIds: [id], toolId })).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await outboxAbout(toolId)).map((message) => message.recipient)).toEqual([movedTo]);
  });

  it("when the tool does not exist or was deleted, or a wish does not exist, then 404 and nothing changes", async () => {
    const word = tag();
    const id = await wishFor(api, ann, `${word} Band Saw`, 900);
    const deleted = await addTool(`${word} Band Saw`);
    expect((await api.request("DELETE", `/tools/${deleted}`, { token: admin.token })).status).toBe(200);
    const listed = await addTool(`${word} Band Saw II`);
    for (const body of [
      { wishIds: [id], toolId: randomUUID() },
      { wishIds: [id], toolId: "not-a-tool" },
      { wishIds: [id], toolId: deleted },
      { wishIds: [id, randomUUID()], toolId: listed },
    ]) {
      expectProblem(await fulfil(body), 404);
    }
    expect(await wishStates(api, [id])).toEqual([expect.objectContaining({ status: "open", toolId: null, resolvedAt: null })]);
    expect([...(await outboxAbout(deleted)), ...(await outboxAbout(listed))]).toEqual([]);
    expect(await auditOf(api, [id])).toEqual([]);
  });

  it("when a wish was already answered with another tool, then 409 and nothing changes", async () => {
    const word = tag();
    const [told, open] = [await wishFor(api, ann, `${word} Scroll Saw`, 400), await wishFor(api, bob, `${word} Scroll Saw`, 420)];
    const firstTool = await addTool(`${word} Scroll Saw`);
    const secondTool = await addTool(`${word} Scroll Saw XL`);
    expect((await fulfil({ wishIds: [told], toolId: firstTool })).status).toBe(200);
    expectProblem(await fulfil({ wishIds: [open, told], toolId: secondTool }), 409);
    expect((await wishStates(api, [open]))[0]).toMatchObject({ status: "open", toolId: null });
    expect(await outboxAbout(secondTool)).toEqual([]);
  });

  it("when a wish marked done gets its tool after all, then it names the tool and its buyer is told", async () => {
    const word = tag();
    const done = await wishFor(api, bob, `${word} Wet Saw`, 420);
    expect((await resolve({ wishIds: [done], status: "done" })).status).toBe(200);
    const toolId = await addTool(`${word} Wet Saw`);
    expect((await fulfil({ wishIds: [done], toolId })).body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await wishStates(api, [done])).map((state) => [state.status, state.toolId])).toEqual([["done", toolId]]);
    expect(await outboxAbout(toolId)).toHaveLength(1);
  });

  it("when one of the wishes was declined, then 409 as resolve answers, none of them changes and nobody is e-mailed", async () => {
    const word = tag();
    const [declined, open] = [await wishFor(api, ann, `${word} Tile Saw`, 400), await wishFor(api, bob, `${word} Tile Saw`, 420)];
    expect((await resolve({ wishIds: [declined], status: "declined" })).status).toBe(200);
    const before = await wishStates(api, [declined, open]);
    const toolId = await addTool(`${word} Tile Saw`);

    const refused = await fulfil({ wishIds: [open, declined], toolId });
    expectProblem(refused, 409);
    expect(refused.body.code).toBe("wish_answered");
    expect(refused.body.detail).toBe(`A wish for “${word} Tile Saw” is already declined.`);
    expectProblem(await fulfil({ wishIds: [declined], toolId }), 409);

    expect(await wishStates(api, [declined, open])).toEqual(before);
    expect(await outboxAbout(toolId)).toEqual([]);
    expect((await auditOf(api, [declined, open])).map((entry) => entry.details.status)).toEqual(["declined"]);
  });

  it("when the body is wrong, then 400 names the field and nothing changes", async () => {
    const id = await wishFor(api, ann, `${tag()} Planer`, 600);
    const toolId = await api.addTool();
    const bodies = [
      {},
      { wishIds: [id] },
      { toolId },
      { wishIds: [], toolId },
      { wishIds: Array.from({ length: 101 }, () => id), toolId },
      { wishIds: [id], toolId: "" },
      { wishIds: [id], toolId: 7 },
      { wishIds: [id], toolId, status: "done" },
      { wishIds: [id], toolId: "x".repeat(101) },
    ];
    for (const body of bodies) expectValidationProblem(await fulfil(body));
    expect((await wishStates(api, [id]))[0]!.status).toBe("open");
    expect(await outboxAbout(toolId)).toEqual([]);
  });

  it("when a buyer or a visitor tries, then it is refused and nobody is told", async () => {
    const id = await wishFor(api, ann, `${tag()} Lathe`, 1500);
    const toolId = await api.addTool();
    expectProblem(await fulfil({ wishIds: [id], toolId }, ann.token), 403);
    expectProblem(await api.request("POST", "/admin/wishes/fulfil", { body: { wishIds: [id], toolId } }), 401);
    expect((await wishStates(api, [id]))[0]!.status).toBe("open");
    expect(await outboxAbout(toolId)).toEqual([]);
  });
});
