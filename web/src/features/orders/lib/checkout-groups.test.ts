import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { unpaidOrder } from "@/test/orders";
import { groupByCheckout, numberedOrders } from "./checkout-groups";

const order = (id: string, checkoutId: string | null, extra: Partial<Order> = {}): Order => ({ ...unpaidOrder, _id: id, checkoutId, ...extra });

describe("groupByCheckout", () => {
  it("when no order belongs to a checkout, then the list is as it was, numbered from 1", () => {
    const entries = groupByCheckout([order("a", null), order("b", null)]);
    expect(entries.map((entry) => entry.kind === "order" && [entry.order._id, entry.number])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
  });

  it("when a checkout's orders are apart in the list, then they are shown together where the first of them is, with its total and numbers in the order shown", () => {
    const entries = groupByCheckout([
      order("a", "c1", { toolPrice: 10.5 }),
      order("b", null),
      order("c", "c1", { toolPrice: 20, status: "paid", paid: true }),
      order("d", "c2", { toolPrice: 5, status: "paid", paid: true }),
    ]);
    expect(entries.map((entry) => entry.kind)).toEqual(["checkout", "order", "checkout"]);
    const [first, single, second] = entries;
    expect(first).toMatchObject({ kind: "checkout", checkoutId: "c1", total: 30.5, unpaid: true, createdAt: unpaidOrder.createdAt });
    expect(first?.kind === "checkout" && first.orders.map(({ order: { _id }, number }) => [_id, number])).toEqual([
      ["a", 1],
      ["c", 2],
    ]);
    expect(single).toMatchObject({ kind: "order", number: 3 });
    expect(second).toMatchObject({ kind: "checkout", checkoutId: "c2", total: 5, unpaid: false });
    expect(numberedOrders(entries).map(({ order: { _id }, number }) => `${number}:${_id}`)).toEqual(["1:a", "2:c", "3:b", "4:d"]);
  });
});
