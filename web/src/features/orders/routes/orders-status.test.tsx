import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { formatDate } from "@/lib/format";
import { unpaidOrder } from "@/test/orders";
import { renderWithProviders } from "@/test/render-with-providers";
import { heldUntil } from "../lib/held-until";
import { MyOrdersRoute } from "./my-orders";

const unpaid = unpaidOrder;
const paid: Order = {
  ...unpaid,
  _id: "1c8f2d3b-2222-4333-8444-a55556666777",
  toolName: "Spirit Level",
  paid: true,
  status: "paid",
  releasesAt: null,
  transactionId: "pi_1",
  paidAt: "2026-11-22T05:10:00.000Z",
  cardLast4: "4242",
};
const shipped: Order = { ...paid, _id: "2d903e4c-3333-4444-8555-b66667777888", toolName: "Socket Set", shipped: true, status: "shipped", shippedAt: "2026-11-23T09:00:00.000Z" };

const rowOf = (toolName: string) => screen.getByRole("row", { name: new RegExp(toolName) });

describe("My Orders", () => {
  it("when an order is unpaid, then it has Pay (to its payment page) and Cancel; when paid, Shipped and no Cancel", () => {
    renderWithProviders(<MyOrdersRoute />, [[["orders", "mine", ""], [unpaid, paid]]]);
    const unpaidRow = rowOf("Claw Hammer");
    expect(within(unpaidRow).getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/payment/${unpaid._id}`);
    expect(within(unpaidRow).getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    const paidRow = rowOf("Spirit Level");
    expect(within(paidRow).getByText("Shipped")).toBeInTheDocument();
    expect(within(paidRow).queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
    expect(within(paidRow).queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument();
  });

  it("when an order is unpaid, then below the table it says until when the order holds its units; a paid order says nothing of it", () => {
    renderWithProviders(<MyOrdersRoute />, [[["orders", "mine", ""], [unpaid, paid]]]);
    const notes = within(screen.getByRole("list", { name: "Held for payment" })).getAllByRole("listitem");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent(`Order 1, Claw Hammer: held until ${heldUntil(unpaid.releasesAt!)}, then its units go back on sale unless it is paid.`);
    expect(notes[0]!.querySelector("time")).toHaveAttribute("datetime", unpaid.releasesAt);
    // The contract's cells (docs/product.md §3.3) keep their texts.
    expect(within(rowOf("Claw Hammer")).getByRole("link", { name: "Pay" }).closest("td")).toHaveTextContent(/^Pay$/);
    // The columns as they were, with the order's number, date and status in words beside them.
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "No.",
      "Order Number",
      "Date",
      "Tools Name",
      "Quantity",
      "Total Price",
      "Status",
      "Payment",
      "Cancel",
    ]);
  });

  it("when orders are in every state, then each says where it is in words, with the contract's Pay or Shipped (docs/product.md §3.3) beside it", () => {
    const refunded = { ...paid, _id: "3ea14f5d-4444-4555-8666-c77778888999", toolName: "Pipe Wrench", status: "refunded", refundedAt: "2026-11-24T00:00:00.000Z" } satisfies Order;
    renderWithProviders(<MyOrdersRoute />, [[["orders", "mine", ""], [unpaid, paid, shipped, refunded]]]);
    const statusOf = (toolName: string) => within(rowOf(toolName)).getAllByRole("cell")[6]!;
    const paymentOf = (toolName: string) => within(rowOf(toolName)).getAllByRole("cell")[7]!;

    expect(statusOf("Claw Hammer")).toHaveTextContent(`Awaiting payment until ${heldUntil(unpaid.releasesAt!)}`);
    expect(within(statusOf("Claw Hammer")).getByText(heldUntil(unpaid.releasesAt!))).toHaveAttribute("datetime", unpaid.releasesAt);
    expect(statusOf("Spirit Level")).toHaveTextContent(/^Paid · awaiting shipment$/);
    expect(statusOf("Socket Set")).toHaveTextContent(/^Shipped$/);
    expect(statusOf("Pipe Wrench")).toHaveTextContent(/^Refunded$/);

    expect(paymentOf("Claw Hammer")).toHaveTextContent(/^Pay$/);
    expect(paymentOf("Spirit Level")).toHaveTextContent(/^Shipped$/);
    expect(paymentOf("Socket Set")).toHaveTextContent(/^Shipped$/);
    // A refunded order's money went back: it is neither to be paid nor shipped, nor can it be cancelled.
    expect(paymentOf("Pipe Wrench")).toHaveTextContent(/^Refunded$/);
    expect(within(rowOf("Pipe Wrench")).queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
    expect(within(rowOf("Pipe Wrench")).queryByRole("button")).not.toBeInTheDocument();
  });

  it("when it lists an order, then it shows the order's date and number, linked to the order's page", () => {
    renderWithProviders(<MyOrdersRoute />, [[["orders", "mine", ""], [unpaid]]]);
    const row = rowOf("Claw Hammer");
    const date = within(row).getByText(formatDate(unpaid.createdAt));
    expect(date).toHaveAttribute("datetime", unpaid.createdAt);
    expect(formatDate(unpaid.createdAt)).toMatch(/2026/);
    const link = within(row).getByRole("link", { name: "Order 0B7E1C2A" });
    expect(link).toHaveAttribute("href", `/dashboard/orders/${unpaid._id}`);
    expect(link).toHaveTextContent("0B7E1C2A");
  });
});

describe("heldUntil", () => {
  it("when the release is today, then it is the time alone; on another day, the day and the time", () => {
    const now = new Date(2026, 10, 22, 13, 0);
    const today = new Date(2026, 10, 22, 14, 5);
    const tomorrow = new Date(2026, 10, 23, 0, 30);
    const time = (at: Date) => at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
    expect(heldUntil(today.toISOString(), now)).toBe(time(today));
    expect(heldUntil(tomorrow.toISOString(), now)).toBe(`${tomorrow.toLocaleDateString(undefined, { month: "short", day: "numeric" })}, ${time(tomorrow)}`);
  });
});
