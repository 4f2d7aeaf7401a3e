import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { canChange, isBehind } from "./follow-orders";

const shown = [
  { _id: "a", status: "unpaid" as const },
  { _id: "b", status: "paid" as const },
];

describe("isBehind", () => {
  it("when Firestore has every shown order in the status shown, in any order, then the page is up to date", () => {
    expect(isBehind(shown, [{ id: "b", status: "paid" }, { id: "a", status: "unpaid" }])).toBe(false);
  });

  it("when an order moved on, was placed elsewhere, or left the list (cancelled), then the page is behind", () => {
    expect(isBehind(shown, [{ id: "a", status: "paid" }, { id: "b", status: "paid" }])).toBe(true);
    expect(isBehind(shown, [...shown.map(({ _id, status }) => ({ id: _id, status })), { id: "c", status: "unpaid" }])).toBe(true);
    expect(isBehind(shown, [{ id: "b", status: "paid" }])).toBe(true);
  });
});

describe("canChange", () => {
  it("when an order is unpaid or paid, then it can still change; shipped, cancelled and refunded orders cannot", () => {
    const statuses: Order["status"][] = ["unpaid", "paid", "shipped", "cancelled", "refunded"];
    expect(statuses.map((status) => canChange({ status }))).toEqual([true, true, false, false, false]);
  });
});
