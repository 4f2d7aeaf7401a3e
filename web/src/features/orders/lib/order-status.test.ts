import { describe, expect, it } from "vitest";
import { unpaidOrder } from "@/test/orders";
import { orderNumber, statusWords, timelineOf, unitPriceCharged } from "./order-status";

describe("statusWords", () => {
  it.each([
    ["unpaid", "Awaiting payment"],
    ["paid", "Paid · awaiting shipment"],
    ["shipped", "Shipped"],
    ["cancelled", "Cancelled"],
    ["refunded", "Refunded"],
  ])("when the status is %s, then it reads %j", (status, words) => {
    expect(statusWords(status)).toBe(words);
  });

  it("when a status is new to this client, then it is shown as the API names it", () => {
    expect(statusWords("on_hold")).toBe("on_hold");
  });
});

describe("timelineOf", () => {
  it("when only some steps happened, then only those are listed, oldest first", () => {
    const order = { ...unpaidOrder, shippedAt: "2026-11-23T09:00:00.000Z", paidAt: "2026-11-22T05:10:00.000Z" };
    expect(timelineOf(order)).toEqual([
      { label: "Placed", at: unpaidOrder.createdAt },
      { label: "Paid", at: "2026-11-22T05:10:00.000Z" },
      { label: "Shipped", at: "2026-11-23T09:00:00.000Z" },
    ]);
    expect(timelineOf({ ...unpaidOrder, cancelledAt: "2026-11-22T06:00:00.000Z" }).map((step) => step.label)).toEqual(["Placed", "Cancelled"]);
    expect(timelineOf({ ...order, refundedAt: "2026-11-24T00:00:00.000Z" }).map((step) => step.label)).toEqual(["Placed", "Paid", "Shipped", "Refunded"]);
  });
});

describe("unitPriceCharged and orderNumber", () => {
  it("when the tool's price has cents, then the unit price charged is the total over the quantity, as the total of docs/product.md §4.3 counts it", () => {
    // 6 units of a $12.75 tool total $72: $12 a unit.
    expect(unitPriceCharged({ toolPrice: 72, quantityAmount: 6 })).toBe(12);
    expect(unitPriceCharged({ toolPrice: 100, quantityAmount: 3 })).toBe(33.33);
  });

  it("when an order's id is given, then its number is the admin's: the first eight characters, upper case", () => {
    expect(orderNumber("0b7e1c2a-1111-4222-8333-944445555666")).toBe("0B7E1C2A");
  });
});
