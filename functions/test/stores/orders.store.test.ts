import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AcceptedOrder, OrderRecord } from "../../src/modules/orders/orders.store.js";
import type { Stores } from "../../src/stores/postgres.js";
import { createTestStores, type TestStores } from "../support/stores.js";

// The orders' contract (orders.store.ts) on every store: placing with its keys and the buyer's
// count of unpaid orders, the lists and their orders, and each status change made once.

let shared: TestStores;
let stores: Stores;

// Most tests keep to buyers and tools of their own on one store; those that read every order (the
// listings, the figures, the hold's release) each get a store of their own.
beforeAll(async () => {
  shared = await createTestStores();
  stores = shared.stores;
});
afterAll(() => shared?.close());

function onEmptyStores(): void {
  let own: TestStores;
  beforeEach(async () => {
    own = await createTestStores();
    stores = own.stores;
  });
  afterEach(async () => {
    stores = shared.stores;
    await own?.close();
  });
}

const HOLD = 30;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Buyer {
  id: string;
  email: string;
  name: string;
}

/** A buyer, through the users' port: PostgreSQL's orders name an account. */
async function aBuyer(name = "Ada Lovelace"): Promise<Buyer> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const account = await stores.change(({ tx }) => stores.users.insertAccount(tx, { firebaseUid: randomUUID(), email, name, role: "buyer" }));
  return { id: account.id, email, name };
}

/** A tool, through the tools' port. */
async function aTool(name = "Claw Hammer"): Promise<{ id: string; name: string }> {
  const tool = await stores.change(({ tx }) =>
    stores.tools.insertTool(tx, { name, img: "/img/tool.png", unitPriceCents: 1000, description: "A tool.", minOrderQuantity: 1, stock: 100 }),
  );
  return { id: tool.id, name };
}

function accepted(buyer: Buyer, tool: { id: string; name: string }, extra: Partial<AcceptedOrder> = {}): AcceptedOrder {
  return {
    id: randomUUID(),
    toolId: tool.id,
    toolName: tool.name,
    userId: buyer.id,
    userName: buyer.name,
    userEmail: buyer.email,
    userPhone: "555-0100",
    userAddress: "1 Main St",
    quantity: 2,
    totalCents: 2000,
    idempotencyKey: null,
    checkoutId: null,
    holdMinutes: HOLD,
    ...extra,
  };
}

const insert = (...orders: AcceptedOrder[]) => stores.change(({ tx }) => stores.orders.insertOrders(tx, orders));
const place = async (buyer: Buyer, tool: { id: string; name: string }, extra: Partial<AcceptedOrder> = {}) => {
  const [row] = await insert(accepted(buyer, tool, extra));
  return row!;
};
const pay = (id: string, transactionId = `pi_${randomUUID()}`, card: string | null = "4242") =>
  stores.change(({ tx }) => stores.orders.markPaid(tx, id, transactionId, card));
const cancel = (id: string, by: "buyer" | "shop" = "buyer") =>
  stores.change(async ({ tx }) => {
    await stores.orders.lockLive(tx, id);
    await stores.orders.markCancelled(tx, id, by);
  });
const unpaidOf = (...buyerIds: string[]) => stores.change(({ tx }) => stores.orders.lockBuyersAndCountUnpaid(tx, buyerIds));
const ids = (rows: OrderRecord[]) => rows.map((row) => row.id);

describe("insertOrders", () => {
  it("inserts unpaid orders, created now and holding their units for their own hold", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const before = Date.now();
    const rows = await insert(accepted(buyer, tool), accepted(buyer, tool, { holdMinutes: 5, quantity: 3, totalCents: 3000 }));

    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first).toMatchObject({ toolId: tool.id, toolName: tool.name, userId: buyer.id, userEmail: buyer.email, status: "unpaid", quantity: 2, paidAt: null, cancelledBy: null });
    expect(first!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first!.releasesAt!.getTime() - first!.createdAt.getTime()).toBe(HOLD * 60_000);
    expect(second!.releasesAt!.getTime() - second!.createdAt.getTime()).toBe(5 * 60_000);
    expect(await stores.orders.findLive(first!.id)).toEqual(first);
    expect(await stores.change(({ tx }) => stores.orders.lockLive(tx, second!.id))).toEqual(second);
  });

  it("inserts nothing for a key that names an order already, of any tool, and only that buyer's key", async () => {
    const [buyer, other, tool, otherTool] = [await aBuyer(), await aBuyer(), await aTool(), await aTool("Saw")];
    const first = await place(buyer, tool, { idempotencyKey: "key-1" });

    expect(await insert(accepted(buyer, otherTool, { idempotencyKey: "key-1" }))).toEqual([]);
    const inBatch = await insert(accepted(buyer, tool, { idempotencyKey: "key-2" }), accepted(buyer, tool, { idempotencyKey: "key-2" }));
    expect(inBatch).toHaveLength(1);
    expect(await insert(accepted(other, tool, { idempotencyKey: "key-1" }))).toHaveLength(1);

    expect(await stores.orders.findByIdempotencyKey(buyer.id, "key-1")).toEqual(first);
    expect(await stores.orders.findByIdempotencyKey(buyer.id, "key-3")).toBeNull();
    const used = await stores.change(({ tx }) =>
      stores.orders.findUsedKeys(tx, [
        { buyerId: buyer.id, idempotencyKey: "key-1" },
        { buyerId: buyer.id, idempotencyKey: "key-3" },
        { buyerId: other.id, idempotencyKey: "key-1" },
      ]),
    );
    expect(used).toEqual(expect.arrayContaining([{ buyerId: buyer.id, idempotencyKey: "key-1" }, { buyerId: other.id, idempotencyKey: "key-1" }]));
    expect(used).toHaveLength(2);
  });

  it("of two changes inserting one key at once, inserts one order", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const results = await Promise.all([1, 2].map(() => insert(accepted(buyer, tool, { idempotencyKey: "racing" }))));

    expect(results.flat()).toHaveLength(1);
    expect((await stores.orders.findByIdempotencyKey(buyer.id, "racing"))?.id).toBe(results.flat()[0]!.id);
    expect(await stores.orders.listLiveByEmail(buyer.email)).toHaveLength(1);
  });
});

describe("lockBuyersAndCountUnpaid", () => {
  it("counts each buyer's unpaid orders, leaving out buyers with none, and follows payment, cancellation and the hold", async () => {
    const [ada, bob, carol, tool] = [await aBuyer(), await aBuyer("Bob"), await aBuyer("Carol"), await aTool()];
    const paid = await place(ada, tool);
    const cancelled = await place(ada, tool);
    await place(ada, tool);
    await place(bob, tool, { holdMinutes: 0 });
    expect(await unpaidOf(ada.id, bob.id, carol.id, ada.id)).toEqual(new Map([[ada.id, 3], [bob.id, 1]]));

    await pay(paid.id);
    await cancel(cancelled.id);
    await pause(5);
    await stores.change(({ tx }) => stores.orders.cancelUnpaidPastHold(tx, 10));
    expect(await unpaidOf(ada.id, bob.id)).toEqual(new Map([[ada.id, 1]]));
  });

  it("of two placements for one buyer at once (two tools), the second counts the first's order", async () => {
    const [buyer, hammer, saw] = [await aBuyer(), await aTool(), await aTool("Saw")];
    // At most one unpaid order: each change counts under the buyer's lock and inserts only below it.
    const placeIfNone = (tool: { id: string; name: string }) =>
      stores.change(async ({ tx }) => {
        const unpaid = await stores.orders.lockBuyersAndCountUnpaid(tx, [buyer.id]);
        if ((unpaid.get(buyer.id) ?? 0) >= 1) return [];
        await pause(20);
        return stores.orders.insertOrders(tx, [accepted(buyer, tool)]);
      });
    const results = await Promise.all([placeIfNone(hammer), placeIfNone(saw)]);

    expect(results.flat()).toHaveLength(1);
    expect(await unpaidOf(buyer.id)).toEqual(new Map([[buyer.id, 1]]));
  });
});

describe("findCoolingDown", () => {
  it("names the buyers who cancelled the tool or let it lapse within one hold, until one hold after the last", async () => {
    const [ada, bob, carol, dan, tool, other] = [await aBuyer(), await aBuyer("Bob"), await aBuyer("Carol"), await aBuyer("Dan"), await aTool(), await aTool("Saw")];
    await cancel((await place(ada, tool)).id, "buyer");
    const later = await place(ada, tool);
    await pause(5);
    await cancel(later.id, "buyer");
    await cancel((await place(bob, tool)).id, "shop");
    await cancel((await place(carol, other)).id, "buyer");
    await place(dan, tool, { holdMinutes: 0 });
    await pause(5);
    await stores.change(({ tx }) => stores.orders.cancelUnpaidPastHold(tx, 10));

    const cooling = await stores.change(({ tx }) => stores.orders.findCoolingDown(tx, tool.id, [ada.id, bob.id, carol.id, dan.id], HOLD));
    expect([...cooling.keys()].sort()).toEqual([ada.id, dan.id].sort());
    const until = cooling.get(ada.id)!.getTime();
    expect(until).toBeGreaterThan(Date.now() + (HOLD - 1) * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + HOLD * 60_000);
    // A period that is over frees the buyer.
    expect(await stores.change(({ tx }) => stores.orders.findCoolingDown(tx, tool.id, [ada.id], 0))).toEqual(new Map());
  });
});

describe("the lists", () => {
  onEmptyStores();

  it("lists a buyer's live orders by email, trimmed and in any case, newest first", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const first = await place(buyer, tool);
    const second = await place(buyer, tool);
    const cancelled = await place(buyer, tool);
    await cancel(cancelled.id);
    await place(await aBuyer("Other"), tool);

    expect(ids(await stores.orders.listLiveByEmail(`  ${buyer.email.toUpperCase()} `))).toEqual([second.id, first.id]);
  });

  it("lists live orders newest first, at most the limit, ties by id", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const batch = await insert(accepted(buyer, tool), accepted(buyer, tool));
    const newest = await place(buyer, tool);
    await cancel((await place(buyer, tool)).id);

    const tied = ids(batch).sort().reverse();
    expect(ids(await stores.orders.listLive(10))).toEqual([newest.id, ...tied]);
    expect(ids(await stores.orders.listLive(2))).toEqual([newest.id, tied[0]]);
  });

  it("pages All Orders by status or every live one, and searches the buyer's email and name, the tool's name and the order number", async () => {
    const [ada, bob, hammer, saw] = [await aBuyer("Ada Lovelace"), await aBuyer("Bob Builder"), await aTool("Claw Hammer"), await aTool("Rip Saw")];
    const a1 = await place(ada, hammer);
    const b1 = await place(bob, saw);
    const a2 = await place(ada, saw);
    const b2 = await place(bob, hammer);
    await pay(a2.id);
    await cancel(b2.id);
    const view = { status: null, q: null, afterId: null, limit: 10 };

    expect(ids(await stores.orders.listForAdmin(view))).toEqual([a2.id, b1.id, a1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, limit: 2 }))).toEqual([a2.id, b1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, afterId: b1.id }))).toEqual([a1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, status: "cancelled" }))).toEqual([b2.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, status: "unpaid" }))).toEqual([b1.id, a1.id]);
    expect(await stores.orders.listForAdmin({ ...view, afterId: randomUUID() })).toEqual([]);

    expect(ids(await stores.orders.listForAdmin({ ...view, q: "saw" }))).toEqual([a2.id, b1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: "lovelace claw" }))).toEqual([a1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: ada.email.slice(0, 10) }))).toEqual([a2.id, a1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: "builder", status: "cancelled" }))).toEqual([b2.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: "saw", afterId: a2.id }))).toEqual([b1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: "saw", limit: 1 }))).toEqual([a2.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: a1.id.slice(0, 8) }))).toEqual([a1.id]);
    expect(ids(await stores.orders.listForAdmin({ ...view, q: b2.id.slice(0, 8) }))).toEqual([]);
    expect(await stores.orders.listForAdmin({ ...view, q: "nobody" })).toEqual([]);
  });

  it("sums the takings of orders paid since each instant, not refunded, and counts those awaiting shipment", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const [shipped, paid, refunded] = [await place(buyer, tool, { totalCents: 1000 }), await place(buyer, tool, { totalCents: 250 }), await place(buyer, tool, { totalCents: 7000 })];
    await place(buyer, tool, { totalCents: 90_000 });
    const beforePaying = new Date(Date.now() - 1000);
    for (const row of [shipped, paid, refunded]) await pay(row.id);
    await stores.change(({ tx }) => stores.orders.markShipped(tx, shipped.id, { carrier: null, trackingNumber: null }));
    await stores.change(({ tx }) => stores.orders.markRefunded(tx, refunded.id));

    expect(await stores.orders.figures({ today: beforePaying, week: new Date(Date.now() - 7 * 86_400_000) })).toEqual({
      revenueTodayCents: 1250,
      revenueWeekCents: 1250,
      awaitingShipment: 1,
    });
    expect(await stores.orders.figures({ today: new Date(Date.now() + 60_000), week: beforePaying })).toEqual({ revenueTodayCents: 0, revenueWeekCents: 1250, awaitingShipment: 1 });
  });
});

describe("status changes", () => {
  it("cancels an unpaid order now, by whom the caller says, and leaves it out of the live reads", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const row = await place(buyer, tool);
    await cancel(row.id, "shop");

    expect(await stores.orders.findLive(row.id)).toBeNull();
    expect(await stores.change(({ tx }) => stores.orders.lockLive(tx, row.id))).toBeNull();
    const locked = await stores.change(({ tx }) => stores.orders.lockForPayment(tx, row.id));
    expect(locked).toMatchObject({ status: "cancelled", cancelledBy: "shop" });
    expect(locked!.cancelledAt).toBeInstanceOf(Date);
  });

  it("pays an unpaid order once, with its transaction and card; a second payment finds it paid", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const row = await place(buyer, tool);
    const paid = await pay(row.id, "pi_1", "4242");

    expect(paid).toMatchObject({ id: row.id, status: "paid", transactionId: "pi_1", cardLast4: "4242" });
    expect(paid!.paidAt).toBeInstanceOf(Date);
    expect(await pay(row.id, "pi_2")).toBeNull();
    expect(await pay(randomUUID())).toBeNull();
    const cancelled = await place(buyer, tool);
    await cancel(cancelled.id);
    expect(await pay(cancelled.id)).toBeNull();
  });

  it("of two payments at once, one pays", async () => {
    const row = await place(await aBuyer(), await aTool());
    const results = await Promise.all([pay(row.id, "pi_a"), pay(row.id, "pi_b")]);

    expect(results.filter((result) => result !== null)).toHaveLength(1);
  });

  it("records the card once, for the transaction that settled the order", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const row = await place(buyer, tool);
    await pay(row.id, "pi_1", null);
    const record = (transactionId: string, card: string) => stores.change(({ tx }) => stores.orders.recordCard(tx, row.id, transactionId, card));

    expect(await record("pi_other", "1111")).toBeNull();
    expect(await record("pi_1", "4242")).toEqual({ userEmail: buyer.email });
    expect(await record("pi_1", "9999")).toBeNull();
    expect((await stores.orders.findLive(row.id))!.cardLast4).toBe("4242");
  });

  it("ships a paid order once with its carrier, and refunds a paid order once", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const [toShip, toRefund] = [await place(buyer, tool), await place(buyer, tool)];
    const ship = (id: string) => stores.change(({ tx }) => stores.orders.markShipped(tx, id, { carrier: "UPS", trackingNumber: "1Z" }));
    const refund = (id: string) => stores.change(({ tx }) => stores.orders.markRefunded(tx, id));

    expect(await ship(toShip.id)).toBeNull();
    await pay(toShip.id);
    await pay(toRefund.id);
    const [first, second] = await Promise.all([ship(toShip.id), ship(toShip.id)]);
    const shipped = first ?? second;
    expect([first, second].filter((result) => result !== null)).toHaveLength(1);
    expect(shipped).toMatchObject({ status: "shipped", shippingCarrier: "UPS", trackingNumber: "1Z" });
    expect(shipped!.shippedAt).toBeInstanceOf(Date);
    expect(await refund(toShip.id)).toBeNull();

    const refunded = await refund(toRefund.id);
    expect(refunded).toMatchObject({ status: "refunded" });
    expect(refunded!.refundedAt).toBeInstanceOf(Date);
    expect(await refund(toRefund.id)).toBeNull();
  });

  it("moves every order of a buyer to a new email", async () => {
    const [buyer, other, tool] = [await aBuyer(), await aBuyer("Other"), await aTool()];
    const [mine, cancelled, theirs] = [await place(buyer, tool), await place(buyer, tool), await place(other, tool)];
    await cancel(cancelled.id);
    const email = `moved-${randomUUID().slice(0, 8)}@example.com`;
    await stores.change(({ tx }) => stores.orders.moveBuyerToEmail(tx, buyer.id, email));

    expect(ids(await stores.orders.listLiveByEmail(email))).toEqual([mine.id]);
    expect(await stores.orders.listLiveByEmail(buyer.email)).toEqual([]);
    expect((await stores.change(({ tx }) => stores.orders.lockForPayment(tx, cancelled.id)))!.userEmail).toBe(email);
    expect(ids(await stores.orders.listLiveByEmail(other.email))).toEqual([theirs.id]);
    expect(ids(await stores.orders.listForAdmin({ status: null, q: email.slice(0, 14), afterId: null, limit: 10 }))).toEqual([mine.id]);
  });
});

describe("cancelUnpaidPastHold", () => {
  onEmptyStores();

  it("cancels up to the limit of unpaid orders past their hold, oldest first, as the hold's", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const oldest = await place(buyer, tool, { holdMinutes: 0 });
    const paid = await place(buyer, tool, { holdMinutes: 0 });
    const next = await place(buyer, tool, { holdMinutes: 0 });
    const last = await place(buyer, tool, { holdMinutes: 0 });
    const held = await place(buyer, tool);
    await pay(paid.id);
    await pause(5);

    const first = await stores.change(({ tx }) => stores.orders.cancelUnpaidPastHold(tx, 2));
    // The oldest are the ones cancelled; the port does not order what it returns.
    expect(ids(first).sort()).toEqual([oldest.id, next.id].sort());
    expect(first[0]).toMatchObject({ status: "cancelled", cancelledBy: "hold" });
    expect(ids(await stores.change(({ tx }) => stores.orders.cancelUnpaidPastHold(tx, 10)))).toEqual([last.id]);
    expect(await stores.change(({ tx }) => stores.orders.cancelUnpaidPastHold(tx, 10))).toEqual([]);
    expect((await stores.orders.findLive(held.id))!.status).toBe("unpaid");
    expect((await stores.orders.findLive(paid.id))!.status).toBe("paid");
  });
});

describe("an order's id in capitals", () => {
  it("names the same order, which reads and changes under its own id", async () => {
    const [buyer, tool] = [await aBuyer(), await aTool()];
    const order = await place(buyer, tool);
    const shouted = order.id.toUpperCase();

    expect((await stores.orders.findLive(shouted))?.id).toBe(order.id);
    expect((await stores.change(({ tx }) => stores.orders.lockLive(tx, shouted)))?.id).toBe(order.id);
    expect((await stores.change(({ tx }) => stores.orders.markPaid(tx, shouted, "pi_shouted", null)))?.id).toBe(order.id);
    const shipped = await stores.change(({ tx }) => stores.orders.markShipped(tx, shouted, { carrier: null, trackingNumber: null }));
    expect(shipped).toMatchObject({ id: order.id, status: "shipped" });
  });
});

describe("ids that name no order", () => {
  it.each(["", "a/b", "not-an-id", "x".repeat(2000)])("finds none for %j", async (id) => {
    expect(await stores.orders.findLive(id)).toBeNull();
    expect(await stores.change(({ tx }) => stores.orders.lockLive(tx, id))).toBeNull();
    expect(await stores.change(({ tx }) => stores.orders.lockForPayment(tx, id))).toBeNull();
    expect(await stores.change(({ tx }) => stores.orders.markShipped(tx, id, { carrier: null, trackingNumber: null }))).toBeNull();
  });
});

describe("isUnavailable", () => {
  it("does not take a refusal for an outage", () => {
    expect(stores.orders.isUnavailable(new Error("Order refused"))).toBe(false);
    expect(stores.orders.isUnavailable(null)).toBe(false);
  });
});
