import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Payable } from "../../src/modules/orders/orders.service.js";
import type { AcceptedOrder } from "../../src/modules/orders/orders.store.js";
import type { NewPartialRefund, NewPayment } from "../../src/modules/payments/payments.store.js";
import type { NewSandboxIntent, SandboxIntentChange } from "../../src/modules/payments/sandbox/sandbox.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The payments' contract (payments.store.ts) and the sandbox provider's (sandbox.store.ts) on every
// store: one payment per attempt and per intent, of an order or a checkout, settled under its lock,
// refunds owed and given back once, whole or an order's part, provider events handled once, sandbox
// intents made once per key.

let testStores: TestStores;
let stores: Stores;

// Each test keeps to orders, intents and events of its own, so one store serves the file.
beforeAll(async () => {
  testStores = await createTestStores();
  stores = testStores.stores;
});
afterAll(() => testStores?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A buyer and a tool to order: PostgreSQL's payments and orders name them, so they are made through their ports. */
async function aBuyerAndTool(): Promise<{ userId: string; email: string; toolId: string }> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const { id: userId } = await stores.change(({ tx }) => stores.users.insertAccount(tx, { firebaseUid: randomUUID(), email, name: "Ada", role: "buyer" }));
  const { id: toolId } = await stores.change(({ tx }) =>
    stores.tools.insertTool(tx, { name: "Hammer", img: "/img/h.png", unitPriceCents: 1000, description: "A tool.", minOrderQuantity: 1, stock: 10 }),
  );
  return { userId, email, toolId };
}

const accepted = ({ userId, email, toolId }: { userId: string; email: string; toolId: string }, checkoutId: string | null = null): AcceptedOrder => ({
  id: randomUUID(),
  toolId,
  toolName: "Hammer",
  userId,
  userName: "Ada",
  userEmail: email,
  userPhone: "",
  userAddress: "",
  quantity: 1,
  totalCents: 1000,
  idempotencyKey: null,
  checkoutId,
  holdMinutes: 30,
});

/** An order to pay, placed on its own through the orders' port. */
async function anOrder(): Promise<string> {
  const order = accepted(await aBuyerAndTool());
  await stores.change(({ tx }) => stores.orders.insertOrders(tx, [order]));
  return order.id;
}

/** A checkout of two $10 orders, placed through the orders' port; its id and its orders'. */
async function aCheckout(): Promise<{ checkoutId: string; orderIds: string[] }> {
  const buyer = await aBuyerAndTool();
  const checkoutId = randomUUID();
  const orders = [accepted(buyer, checkoutId), accepted(buyer, checkoutId)];
  const placed = await stores.change(({ tx }) =>
    stores.orders.insertCheckout(
      tx,
      { id: checkoutId, userId: buyer.userId, userName: "Ada", userEmail: buyer.email, userPhone: "", userAddress: "", totalCents: 2000, idempotencyKey: null, orderIds: orders.map((o) => o.id) },
      orders,
    ),
  );
  if (!placed) throw new Error("the checkout was not placed");
  return { checkoutId, orderIds: orders.map((o) => o.id) };
}

const ofOrder = (id: string): Payable => ({ kind: "order", id });
const ofCheckout = (id: string): Payable => ({ kind: "checkout", id });

const attempt = (payable: Payable | string, extra: Partial<NewPayment> = {}): NewPayment => ({
  payable: typeof payable === "string" ? ofOrder(payable) : payable,
  attempt: 1,
  provider: "sandbox",
  intentId: `pi_${randomUUID().replaceAll("-", "")}`,
  amountCents: 1000,
  currency: "usd",
  ...extra,
});
const lock = (intentId: string) => stores.change(({ tx }) => stores.payments.lockByIntent(tx, intentId));
/** A recorded payment, brought to a status through the port. */
async function recorded(status: "pending" | "succeeded" | "refund_due" = "pending", extra: Partial<NewPayment> = {}) {
  const payment = attempt(await anOrder(), extra);
  await stores.payments.recordAttempt(payment);
  const { id } = (await lock(payment.intentId))!;
  if (status === "succeeded") await stores.change(({ tx }) => stores.payments.markSucceeded(tx, id, null));
  if (status === "refund_due") await stores.change(({ tx }) => stores.payments.setStatus(tx, id, "refund_due", "Refund owed"));
  return payment;
}

describe("attempts", () => {
  it("records an attempt as pending, and gives the order's latest attempt", async () => {
    const orderId = await anOrder();
    expect(await stores.payments.latestAttempt(ofOrder(orderId))).toBeNull();
    const first = attempt(orderId);
    const second = attempt(orderId, { attempt: 2, provider: "stripe" });
    await stores.payments.recordAttempt(first);
    await stores.payments.recordAttempt(second);

    const latest = await stores.payments.latestAttempt(ofOrder(orderId));
    expect(latest).toMatchObject({ ...second, status: "pending", lastError: null, cardLast4: null });
    expect(latest!.createdAt).toBeInstanceOf(Date);
    expect(latest!.updatedAt).toBeInstanceOf(Date);
  });

  it("keeps the first when the attempt or the intent is recorded already", async () => {
    const orderId = await anOrder();
    const first = attempt(orderId);
    await stores.payments.recordAttempt(first);
    const sameAttempt = attempt(orderId, { amountCents: 5000 });
    await stores.payments.recordAttempt(sameAttempt);
    await stores.payments.recordAttempt({ ...first, attempt: 2 });

    expect(await stores.payments.latestAttempt(ofOrder(orderId))).toMatchObject({ intentId: first.intentId, attempt: 1, amountCents: 1000 });
    expect(await lock(sameAttempt.intentId)).toBeNull();
  });

  it("of two recordings of one attempt at once, keeps one", async () => {
    const orderId = await anOrder();
    const one = attempt(orderId);
    await Promise.all([stores.payments.recordAttempt(one), stores.payments.recordAttempt(one), stores.payments.recordAttempt(attempt(orderId))]);

    const latest = await stores.payments.latestAttempt(ofOrder(orderId));
    expect(latest).toMatchObject({ attempt: 1 });
  });

  it("records a checkout's attempts apart from any order's, its orders' included", async () => {
    const { checkoutId, orderIds } = await aCheckout();
    const orderId = await anOrder();
    const ofTheCheckout = attempt(ofCheckout(checkoutId), { amountCents: 2000 });
    await stores.payments.recordAttempt(ofTheCheckout);
    await stores.payments.recordAttempt(attempt(orderId));
    await stores.payments.recordAttempt(attempt(ofCheckout(checkoutId)));
    await stores.payments.recordAttempt({ ...attempt(ofCheckout(checkoutId)), attempt: 2 });

    expect(await stores.payments.latestAttempt(ofCheckout(checkoutId))).toMatchObject({ payable: ofCheckout(checkoutId), attempt: 2 });
    expect(await stores.payments.latestAttempt(ofOrder(orderId))).toMatchObject({ payable: ofOrder(orderId), attempt: 1 });
    expect(await stores.payments.latestAttempt(ofOrder(orderIds[0]!))).toBeNull();
    expect(await lock(ofTheCheckout.intentId)).toMatchObject({ ...ofTheCheckout, status: "pending" });
  });
});

describe("settling", () => {
  it("locks a payment by its intent, and finds none for an unknown intent", async () => {
    const payment = await recorded();
    expect(await lock(payment.intentId)).toMatchObject({ ...payment, status: "pending" });
    expect(await lock("pi_unknown")).toBeNull();
    expect(await lock("pi/with/slashes")).toBeNull();
    expect(await lock("")).toBeNull();
  });

  it("sets a status with its error and the time it changed, and clears the error", async () => {
    const payment = await recorded();
    const before = (await lock(payment.intentId))!;
    await pause(5);
    await stores.change(({ tx }) => stores.payments.setStatus(tx, before.id, "failed", "Card declined"));
    const failed = (await lock(payment.intentId))!;
    expect(failed).toMatchObject({ status: "failed", lastError: "Card declined" });
    expect(failed.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

    await stores.change(({ tx }) => stores.payments.setStatus(tx, before.id, "pending", null));
    expect(await lock(payment.intentId)).toMatchObject({ status: "pending", lastError: null });
  });

  it("marks a payment succeeded with its card, and finds it as the order's paying one", async () => {
    const payment = await recorded();
    const { id } = (await lock(payment.intentId))!;
    expect(await stores.change(({ tx }) => stores.payments.lockSucceededFor(tx, payment.payable))).toBeNull();
    await stores.change(({ tx }) => stores.payments.setStatus(tx, id, "failed", "Declined"));
    await stores.change(({ tx }) => stores.payments.markSucceeded(tx, id, "4242"));

    expect(await lock(payment.intentId)).toMatchObject({ status: "succeeded", lastError: null, cardLast4: "4242" });
    expect(await stores.change(({ tx }) => stores.payments.lockSucceededFor(tx, payment.payable))).toMatchObject({ intentId: payment.intentId, status: "succeeded" });
  });

  it("finds the payment that paid a checkout as the checkout's paying one, and as none of its orders'", async () => {
    const { checkoutId, orderIds } = await aCheckout();
    const payment = attempt(ofCheckout(checkoutId), { amountCents: 2000 });
    await stores.payments.recordAttempt(payment);
    await stores.change(async ({ tx }) => stores.payments.markSucceeded(tx, (await stores.payments.lockByIntent(tx, payment.intentId))!.id, "4242"));

    expect(await stores.change(({ tx }) => stores.payments.lockSucceededFor(tx, ofCheckout(checkoutId)))).toMatchObject({
      intentId: payment.intentId,
      payable: ofCheckout(checkoutId),
      status: "succeeded",
    });
    expect(await stores.change(({ tx }) => stores.payments.lockSucceededFor(tx, ofOrder(orderIds[0]!)))).toBeNull();
    expect(await stores.change(({ tx }) => stores.payments.lockSucceededFor(tx, ofCheckout(randomUUID())))).toBeNull();
  });

  it("of two changes settling one intent at once, the second reads what the first wrote", async () => {
    const payment = await recorded();
    const settle = () =>
      stores.change(async ({ tx }) => {
        const locked = (await stores.payments.lockByIntent(tx, payment.intentId))!;
        if (locked.status !== "pending") return false;
        await pause(20);
        await stores.payments.markSucceeded(tx, locked.id, "4242");
        return true;
      });
    const results = await Promise.all([settle(), settle()]);

    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("names the card of a succeeded payment once", async () => {
    const pending = await recorded();
    const succeeded = await recorded("succeeded");
    const record = (intentId: string, card: string) => stores.change(({ tx }) => stores.payments.recordCard(tx, intentId, card));

    expect(await record(pending.intentId, "1111")).toBeNull();
    expect(await record("pi_unknown", "1111")).toBeNull();
    expect(await record(succeeded.intentId, "4242")).toMatchObject({ intentId: succeeded.intentId, cardLast4: "4242" });
    expect(await record(succeeded.intentId, "9999")).toBeNull();
    expect((await lock(succeeded.intentId))!.cardLast4).toBe("4242");
  });
});

describe("refunds", () => {
  it("marks a due refund refunded, and leaves any other status as it is", async () => {
    const due = await recorded("refund_due");
    const succeeded = await recorded("succeeded");
    await stores.payments.markRefunded(due.intentId);
    await stores.payments.markRefunded(succeeded.intentId);
    await stores.payments.markRefunded("pi_unknown");

    expect((await lock(due.intentId))!.status).toBe("refunded");
    expect((await lock(succeeded.intentId))!.status).toBe("succeeded");
  });

  it("lists the refunds due through a provider since long enough, the longest due first", async () => {
    const first = await recorded("refund_due", { provider: "stripe" });
    await pause(5);
    const second = await recorded("refund_due", { provider: "stripe" });
    const sandbox = await recorded("refund_due", { provider: "sandbox" });
    const given = await recorded("refund_due", { provider: "stripe" });
    await stores.payments.markRefunded(given.intentId);
    await pause(5);

    const due = (await stores.payments.dueRefunds({ provider: "stripe", olderThanMinutes: 0 })).map(({ intentId }) => intentId);
    expect(due.filter((id) => [first.intentId, second.intentId, sandbox.intentId, given.intentId].includes(id))).toEqual([first.intentId, second.intentId]);
    expect((await stores.payments.dueRefunds({ provider: "sandbox", olderThanMinutes: 0 })).map(({ intentId }) => intentId)).toContain(sandbox.intentId);
    expect(await stores.payments.dueRefunds({ provider: "stripe", olderThanMinutes: 60 })).toEqual([]);
  });
});

describe("an order's part of a checkout's payment", () => {
  /** A part owed for the first order of a paid checkout, not yet recorded. */
  async function aPart(extra: Partial<NewPartialRefund> = {}): Promise<NewPartialRefund> {
    const { orderIds } = await aCheckout();
    return { orderId: orderIds[0]!, intentId: `pi_${randomUUID().replaceAll("-", "")}`, provider: "stripe", amountCents: 1000, ...extra };
  }
  const recordPart = (part: NewPartialRefund) => stores.change(({ tx }) => stores.payments.recordPartialRefund(tx, part));
  const dueParts = async (provider: "stripe" | "sandbox", olderThanMinutes = 0) =>
    (await stores.payments.duePartialRefunds({ provider, olderThanMinutes })).map(({ orderId }) => orderId);

  it("records a part as due once per order, and marks it refunded once", async () => {
    const part = await aPart();
    expect(await recordPart(part)).toBe(true);
    expect(await recordPart({ ...part, intentId: "pi_other", amountCents: 500 })).toBe(false);
    await pause(5);

    const [due] = (await stores.payments.duePartialRefunds({ provider: "stripe", olderThanMinutes: 0 })).filter((p) => p.orderId === part.orderId);
    expect(due).toEqual({ ...part, status: "due", updatedAt: expect.any(Date) });

    await stores.payments.markPartialRefunded(part.orderId);
    await stores.payments.markPartialRefunded(part.orderId);
    await stores.payments.markPartialRefunded(randomUUID());
    expect(await dueParts("stripe")).not.toContain(part.orderId);
    expect(await recordPart(part)).toBe(false);
  });

  it("of two recordings of one order's part at once, one records it", async () => {
    const part = await aPart();
    expect((await Promise.all([recordPart(part), recordPart(part)])).sort()).toEqual([false, true]);
  });

  it("forgets a part whose change rolled back", async () => {
    const part = await aPart();
    await expect(
      stores.change(async ({ tx }) => {
        await stores.payments.recordPartialRefund(tx, part);
        throw new Error("refund failed");
      }),
    ).rejects.toThrow("refund failed");
    expect(await dueParts("stripe")).not.toContain(part.orderId);
    expect(await recordPart(part)).toBe(true);
  });

  it("lists the parts due through a provider since long enough, the longest due first", async () => {
    const first = await aPart();
    const second = await aPart();
    const sandbox = await aPart({ provider: "sandbox" });
    const given = await aPart();
    for (const part of [first, second, sandbox, given]) {
      await recordPart(part);
      await pause(5);
    }
    await stores.payments.markPartialRefunded(given.orderId);
    await pause(5);

    const ours = [first, second, sandbox, given].map(({ orderId }) => orderId);
    expect((await dueParts("stripe")).filter((id) => ours.includes(id))).toEqual([first.orderId, second.orderId]);
    expect(await dueParts("sandbox")).toContain(sandbox.orderId);
    expect((await dueParts("stripe", 60)).filter((id) => ours.includes(id))).toEqual([]);
  });
});

describe("provider events", () => {
  const claim = (id: string) => stores.change(({ tx }) => stores.payments.claimEvent(tx, id, "payment_intent.succeeded"));

  it("claims an event the first time only, and afresh once released", async () => {
    const id = `evt_${randomUUID()}`;
    expect(await claim(id)).toBe(true);
    expect(await claim(id)).toBe(false);
    await stores.payments.releaseEvent(id);
    expect(await claim(id)).toBe(true);
  });

  it.each([".", "..", "__evt__", "_evt", "evt/1"])("claims an event whose id is %j once, and afresh once released", async (id) => {
    expect(await claim(id)).toBe(true);
    expect(await claim(id)).toBe(false);
    await stores.payments.releaseEvent(id);
    expect(await claim(id)).toBe(true);
  });

  it("of two deliveries at once, one claims the event", async () => {
    const id = `evt_${randomUUID()}`;
    expect((await Promise.all([claim(id), claim(id)])).sort()).toEqual([false, true]);
  });

  it("forgets a claim whose change rolled back", async () => {
    const id = `evt_${randomUUID()}`;
    await expect(
      stores.change(async ({ tx }) => {
        await stores.payments.claimEvent(tx, id, "payment_intent.succeeded");
        throw new Error("handling failed");
      }),
    ).rejects.toThrow("handling failed");
    expect(await claim(id)).toBe(true);
  });
});

describe("sandbox intents", () => {
  const newIntent = (extra: Partial<NewSandboxIntent> = {}): NewSandboxIntent => ({
    id: `pi_sandbox_${randomUUID().replaceAll("-", "")}`,
    clientSecret: `secret_${randomUUID()}`,
    idempotencyKey: `toolshop-order-${randomUUID()}-attempt-1`,
    amount: 1000,
    currency: "usd",
    status: "requires_payment_method",
    metadata: { orderId: randomUUID() },
    ...extra,
  });

  it("keeps a new intent, and answers the kept one for its key", async () => {
    const intent = newIntent();
    const kept = await stores.sandbox.createOrGetIntent(intent);
    expect(kept).toMatchObject({ ...intent, cardLast4: null, lastError: null, refunds: [], refundedAt: null });
    expect(kept.createdAt).toBeInstanceOf(Date);

    const again = await stores.sandbox.createOrGetIntent(newIntent({ idempotencyKey: intent.idempotencyKey, amount: 5000 }));
    expect(again).toEqual(kept);
    expect(await stores.sandbox.findIntent(intent.id)).toEqual(kept);
  });

  it("gives two creations under one key at once the same intent", async () => {
    const key = `toolshop-order-${randomUUID()}-attempt-1`;
    const [a, b] = await Promise.all([stores.sandbox.createOrGetIntent(newIntent({ idempotencyKey: key })), stores.sandbox.createOrGetIntent(newIntent({ idempotencyKey: key }))]);
    expect(a).toEqual(b);
  });

  it("finds no intent for an unknown id", async () => {
    for (const id of ["pi_unknown", "", "a/b"]) {
      expect(await stores.sandbox.findIntent(id)).toBeNull();
      expect(await stores.change(({ tx }) => stores.sandbox.lockIntent(tx, id))).toBeNull();
    }
  });

  it("changes a locked intent and returns it as it is now", async () => {
    const intent = await stores.sandbox.createOrGetIntent(newIntent());
    const declined = await stores.change(async ({ tx }) => {
      await stores.sandbox.lockIntent(tx, intent.id);
      return stores.sandbox.updateIntent(tx, intent.id, { lastError: { code: "card_declined", decline_code: "insufficient_funds", message: "Declined." } });
    });
    expect(declined).toMatchObject({ status: "requires_payment_method", lastError: { code: "card_declined", decline_code: "insufficient_funds", message: "Declined." } });

    const paid = await stores.change(async ({ tx }) => {
      await stores.sandbox.lockIntent(tx, intent.id);
      return stores.sandbox.updateIntent(tx, intent.id, { status: "succeeded", cardLast4: "4242", lastError: null });
    });
    expect(paid).toEqual({ ...intent, status: "succeeded", cardLast4: "4242", lastError: null });
    expect(await stores.sandbox.findIntent(intent.id)).toEqual(paid);
  });

  it("keeps each refund with its key, and when the last of the money went back", async () => {
    const intent = await stores.sandbox.createOrGetIntent(newIntent());
    const refund = (change: SandboxIntentChange) =>
      stores.change(async ({ tx }) => {
        await stores.sandbox.lockIntent(tx, intent.id);
        return stores.sandbox.updateIntent(tx, intent.id, change);
      });
    const part = { idempotencyKey: "toolshop-refund-a", amount: 400 };
    expect(await refund({ refunds: [part] })).toMatchObject({ refunds: [part], refundedAt: null });

    const refundedAt = new Date(Date.now() - 1000);
    const rest = { idempotencyKey: "toolshop-refund-b", amount: 600 };
    expect(await refund({ refunds: [part, rest], refundedAt })).toMatchObject({ refunds: [part, rest], refundedAt });
    expect(await stores.sandbox.findIntent(intent.id)).toMatchObject({ refunds: [part, rest], refundedAt });
  });
});
