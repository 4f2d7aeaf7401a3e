import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { formatDate } from "@/lib/format";
import { CHECKOUT_ID, paidCheckout, unpaidCheckout } from "@/test/checkouts";
import { unpaidOrder } from "@/test/orders";
import { renderWithProviders } from "@/test/render-with-providers";
import { MyOrdersRoute } from "./my-orders";

const single: Order = { ...unpaidOrder, _id: "1c8f2d3b-2222-4333-8444-a55556666777", toolName: "Socket Set" };
const rowOf = (toolName: string) => screen.getByRole("row", { name: new RegExp(toolName) });
const cellsOf = (toolName: string) => within(rowOf(toolName)).getAllByRole("cell");

function showOrders(orders: Order[]) {
  renderWithProviders(<MyOrdersRoute />, [[["orders", "mine", ""], orders]]);
}

describe("My Orders with checkouts", () => {
  it("when orders were checked out together, then they are shown together under the checkout's heading, which leads to its payment while unpaid", () => {
    const [hammer, level] = unpaidCheckout.orders;
    // Newest first, with a single order placed between the checkout's two in the list the API sent.
    showOrders([hammer!, single, level!]);
    const heading = screen.getByRole("heading", { level: 2, name: `Checkout of ${formatDate(unpaidCheckout.createdAt)} · 2 items · $196` });
    expect(within(heading).getByRole("link")).toHaveAttribute("href", `/dashboard/checkouts/${CHECKOUT_ID}/payment`);
    const names = screen.getAllByRole("row").flatMap((row) => within(row).queryAllByRole("cell")[3]?.textContent ?? []);
    expect(names).toEqual(["Claw Hammer", "Spirit Level", "Socket Set"]);
    expect(cellsOf("Spirit Level")[0]).toHaveTextContent(/^2$/);
    expect(cellsOf("Socket Set")[0]).toHaveTextContent(/^3$/);
    // The checkout's orders are paid with it, on its page; the single order on its own.
    expect(within(rowOf("Claw Hammer")).getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/checkouts/${CHECKOUT_ID}/payment`);
    expect(within(rowOf("Spirit Level")).getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/checkouts/${CHECKOUT_ID}/payment`);
    expect(within(rowOf("Socket Set")).getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/payment/${single._id}`);
    // The notes below the table number the orders as the table shows them.
    const notes = within(screen.getByRole("list", { name: "Held for payment" })).getAllByRole("listitem");
    expect(notes.map((note) => note.textContent?.split(":")[0])).toEqual(["Order 1, Claw Hammer", "Order 2, Spirit Level", "Order 3, Socket Set"]);
  });

  it("when the checkout is paid, then its heading leads to its receipt and its orders read Shipped as any paid order", () => {
    showOrders(paidCheckout.orders);
    expect(screen.getByRole("link", { name: /^Checkout of/ })).toHaveAttribute("href", `/dashboard/checkouts/${CHECKOUT_ID}`);
    expect(cellsOf("Claw Hammer")[7]).toHaveTextContent(/^Shipped$/);
  });

  it("when an order of an unpaid checkout is to be cancelled, then the question says the whole checkout goes with it", async () => {
    showOrders(unpaidCheckout.orders);
    await userEvent.setup().click(within(rowOf("Claw Hammer")).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("dialog", { name: "Are you sure you want to cancel this order?" })).toHaveTextContent(
      "Claw Hammer, 10 units. It was checked out with other tools: cancelling it cancels every order of that checkout.",
    );
  });
});
