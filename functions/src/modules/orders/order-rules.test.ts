import { describe, expect, it } from "vitest";
import type { OrderRecord } from "./orders.store.js";
import { type BatchFacts, decideBatch, idempotencyPair, LARGE_ORDER_HOLD_MINUTES, type NewOrder, outcomesOf, sameOrder } from "./order-rules.js";
import { orderTotalCents } from "./orders.schemas.js";

const tool = { id: "tool-1", name: "Torque wrench", unitPriceCents: 12_99, minOrderQuantity: 2, stock: 10 };
const facts = (changes: Partial<BatchFacts> = {}): BatchFacts => ({
  tool,
  usedKeys: new Set(),
  unpaidByBuyer: null,
  maxUnpaid: 0,
  holdMinutes: 60,
  coolingUntil: new Map(),
  ...changes,
});

const order = (buyerId: string, quantity: number, idempotencyKey: string | null = null): NewOrder => ({
  toolId: tool.id,
  quantity,
  buyer: { id: buyerId, name: `Buyer ${buyerId}`, email: `${buyerId}@example.com` },
  userPhone: "+1 555 0100",
  userAddress: "12 Harbour Road, Springfield",
  idempotencyKey,
});

/** Ids in order of acceptance, so a test can say which order became which row. */
const sequentialIds = () => {
  let next = 0;
  return () => `order-${++next}`;
};

const kinds = (decisions: ReturnType<typeof decideBatch>["decisions"]) =>
  decisions.map((decision) => (decision.kind === "refused" ? decision.reason : decision.kind));

describe("the order total", () => {
  it("is the quantity times the integer part of the unit price, as docs/product.md §4.3 prices it", () => {
    expect(orderTotalCents(12_99, 3)).toBe(36_00);
    expect(orderTotalCents(99, 5)).toBe(0);
    expect(orderTotalCents(100_00, 1)).toBe(100_00);
  });
});

describe("deciding a batch of orders for one tool", () => {
  it("checks each order against the stock the earlier ones left, and refuses each for its own reason", () => {
    const { decisions, accepted } = decideBatch([order("a", 6), order("b", 1), order("b", 6), order("b", 4)], facts(), sequentialIds());
    expect(kinds(decisions)).toEqual(["accepted", "below_moq", "above_aq", "accepted"]);
    expect(accepted.map((row) => [row.id, row.userId, row.quantity, row.totalCents])).toEqual([
      ["order-1", "a", 6, 72_00],
      ["order-2", "b", 4, 48_00],
    ]);
  });

  it("records what the order needs to stand on its own: the tool's name, the buyer, where to deliver and the key", () => {
    const { accepted } = decideBatch([order("a", 2, "key-1")], facts(), sequentialIds());
    expect(accepted[0]).toEqual({
      id: "order-1",
      toolId: "tool-1",
      toolName: "Torque wrench",
      userId: "a",
      userName: "Buyer a",
      userEmail: "a@example.com",
      userPhone: "+1 555 0100",
      userAddress: "12 Harbour Road, Springfield",
      quantity: 2,
      totalCents: 24_00,
      idempotencyKey: "key-1",
      checkoutId: null,
      holdMinutes: 60,
    });
  });

  it("accepts exactly the moq and exactly the stock left", () => {
    expect(kinds(decideBatch([order("a", 2), order("b", 8)], facts()).decisions)).toEqual(["accepted", "accepted"]);
  });

  it("when a buyer's key comes twice in one batch, then it is one order and the stock it did not take serves the next buyer", () => {
    const { decisions, accepted } = decideBatch([order("a", 5, "k"), order("a", 5, "k"), order("b", 5)], facts());
    expect(kinds(decisions)).toEqual(["accepted", "key_used", "accepted"]);
    expect(accepted.map((row) => row.userId)).toEqual(["a", "b"]);
  });

  it("when a refused order and a good one share a key in one batch, then the refused one spends no key and the good one is placed", () => {
    const { decisions, accepted } = decideBatch([order("a", 1, "k"), order("a", 3, "k")], facts(), sequentialIds());
    expect(kinds(decisions)).toEqual(["below_moq", "accepted"]);
    expect(accepted.map((row) => [row.id, row.quantity])).toEqual([["order-1", 3]]);
  });

  it("when a key already names an order, then the retry is told so, even when the stock is gone", () => {
    const { decisions, accepted } = decideBatch([order("a", 5, "k")], facts({ tool: { ...tool, stock: 0 }, usedKeys: new Set([idempotencyPair("a", "k")]) }));
    expect(kinds(decisions)).toEqual(["key_used"]);
    expect(accepted).toEqual([]);
  });

  it("keeps two buyers' equal keys apart", () => {
    const { decisions } = decideBatch([order("a", 2, "k"), order("b", 2, "k")], facts());
    expect(kinds(decisions)).toEqual(["accepted", "accepted"]);
  });

  it("refuses a total a card cannot be charged, saying what it came to", () => {
    const cheap = facts({ tool: { ...tool, unitPriceCents: 49, minOrderQuantity: 1 } });
    expect(decideBatch([order("a", 1)], cheap).decisions).toEqual([{ kind: "refused", reason: "total_too_small", totalCents: 0 }]);
    const dear = facts({ tool: { ...tool, unitPriceCents: 500_000_00, minOrderQuantity: 1, stock: 10 } });
    expect(decideBatch([order("a", 2), order("a", 1)], dear).decisions).toEqual([
      { kind: "refused", reason: "total_too_large", totalCents: 1_000_000_00 },
      { kind: "accepted", id: expect.any(String) },
    ]);
  });

  it("counts a buyer's unpaid orders, those of this batch included, against the most one may hold", () => {
    const { decisions } = decideBatch(
      [order("a", 2), order("a", 2), order("b", 2)],
      facts({ unpaidByBuyer: new Map([["a", 4]]), maxUnpaid: 5 }),
    );
    expect(kinds(decisions)).toEqual(["accepted", "too_many_unpaid", "accepted"]);
  });

  it("does not count an order refused for another reason as unpaid", () => {
    const { decisions } = decideBatch([order("a", 1), order("a", 2)], facts({ unpaidByBuyer: new Map([["a", 4]]), maxUnpaid: 5 }));
    expect(kinds(decisions)).toEqual(["below_moq", "accepted"]);
  });

  it("leaves the facts it was given as they were", () => {
    const given = facts({ usedKeys: new Set(), unpaidByBuyer: new Map([["a", 1]]), maxUnpaid: 5 });
    decideBatch([order("a", 2, "k")], given);
    expect(given.usedKeys.size).toBe(0);
    expect(given.unpaidByBuyer!.get("a")).toBe(1);
  });
});

describe("how long an accepted order holds its units", () => {
  const holds = (decided: ReturnType<typeof decideBatch>) => decided.accepted.map((row) => row.holdMinutes);

  it("when an order takes more than half of what is left, then it holds it 15 minutes; half or less, the whole hold period", () => {
    expect(LARGE_ORDER_HOLD_MINUTES).toBe(15);
    expect(holds(decideBatch([order("a", 6)], facts()))).toEqual([15]);
    expect(holds(decideBatch([order("a", 5)], facts()))).toEqual([60]);
    expect(holds(decideBatch([order("a", 10)], facts()))).toEqual([15]);
  });

  it("when earlier orders of the batch took units, then what is left after them is the measure", () => {
    // 4 of 10 is under half; then 4 of the 6 left is over half; then 2 of the 2 left.
    expect(holds(decideBatch([order("a", 4), order("b", 4), order("c", 2)], facts()))).toEqual([60, 15, 15]);
  });

  it("when the hold period is shorter than 15 minutes, then a large order holds it no longer than any other", () => {
    expect(holds(decideBatch([order("a", 2), order("b", 8)], facts({ holdMinutes: 5 })))).toEqual([5, 5]);
  });
});

describe("a buyer who just cancelled or let lapse an unpaid order of the tool", () => {
  const retryAt = new Date("2026-11-25T14:05:00Z");
  const cooling = facts({ coolingUntil: new Map([["a", retryAt]]), unpaidByBuyer: new Map(), maxUnpaid: 5 });

  it("when that buyer orders the tool again, then it is refused with the instant they may, and the stock goes to the next buyer", () => {
    const { decisions, accepted } = decideBatch([order("a", 10), order("b", 10)], cooling, sequentialIds());
    expect(decisions).toEqual([
      { kind: "refused", reason: "hold_cooling_down", retryAt },
      { kind: "accepted", id: "order-1" },
    ]);
    expect(accepted.map((row) => [row.userId, row.quantity])).toEqual([["b", 10]]);
  });

  it("when the refused order comes again with a key that placed an order before, then the retry is told the key was used", () => {
    const { decisions } = decideBatch([order("a", 2, "k")], { ...cooling, usedKeys: new Set([idempotencyPair("a", "k")]) });
    expect(kinds(decisions)).toEqual(["key_used"]);
  });
});

describe("the outcomes once the accepted orders were inserted", () => {
  it("names each inserted row, and an accepted order whose row is missing lost its key to another batch", () => {
    const { decisions } = decideBatch([order("a", 2, "k"), order("b", 1), order("b", 2)], facts(), sequentialIds());
    const inserted = [{ id: "order-2", quantity: 2 } as OrderRecord];
    expect(outcomesOf(decisions, inserted)).toEqual([{ kind: "key_used" }, { kind: "refused", reason: "below_moq" }, { kind: "placed", row: inserted[0] }]);
  });
});

describe("replaying an Idempotency-Key", () => {
  it("is the same order only for the same tool and quantity", () => {
    const earlier = { toolId: "tool-1", quantity: 3 };
    expect(sameOrder(earlier, { toolId: "tool-1", quantity: 3 })).toBe(true);
    expect(sameOrder(earlier, { toolId: "tool-1", quantity: 4 })).toBe(false);
    expect(sameOrder(earlier, { toolId: "tool-2", quantity: 3 })).toBe(false);
  });
});
