import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Tool } from "@api/tools/tools.schemas";
import { ApiError } from "@/lib/api-client";
import type { ContactDefaults } from "../lib/use-contact-defaults";
import { ABOVE_AQ, BELOW_MOQ, OrderForm, orderTotal } from "./order-form";

const tool: Tool = {
  _id: "tool-1",
  name: "Claw Hammer",
  img: "/images/tools/claw-hammer.svg",
  price: 12.75,
  description: "Steel head",
  moq: 10,
  aq: 50,
};

function setup(onSubmit = vi.fn(async () => {}), contact: ContactDefaults | null = null) {
  const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
  const view = render(<OrderForm tool={tool} userName="Bob Buyer" userEmail="buyer@toolshop.test" onSubmit={onSubmit} contact={contact} />);
  const rerenderWith = (next: ContactDefaults | null) =>
    view.rerender(<OrderForm tool={tool} userName="Bob Buyer" userEmail="buyer@toolshop.test" onSubmit={onSubmit} contact={next} />);
  return { onSubmit, alert, user: userEvent.setup(), rerenderWith };
}

const lastContact: ContactDefaults = { userPhone: "+1 555 0177", userAddress: "9 Quay Street, Harbourtown" };

async function setQuantity(user: ReturnType<typeof userEvent.setup>, value: string) {
  const quantity = screen.getByLabelText("Quantity");
  await user.clear(quantity);
  if (value) await user.type(quantity, value);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Phone Number"), "+1 555 0100");
  await user.type(screen.getByLabelText("Address"), "1 Main Street");
}

describe("OrderForm", () => {
  it("when it opens, then name and email are read-only and the quantity starts at moq within min=moq and max=aq", () => {
    setup();
    expect(screen.getByLabelText("Name")).toHaveValue("Bob Buyer");
    expect(screen.getByLabelText("Name")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Email")).toHaveValue("buyer@toolshop.test");
    expect(screen.getByLabelText("Email")).toHaveAttribute("readonly");
    const quantity = screen.getByLabelText("Quantity");
    expect(quantity).toHaveValue(10);
    expect(quantity).toHaveAttribute("min", "10");
    expect(quantity).toHaveAttribute("max", "50");
  });

  it("when the quantity changes, then the total is the quantity times the integer part of the price, in $", async () => {
    const { user } = setup();
    expect(screen.getByText("$120")).toBeInTheDocument();
    await setQuantity(user, "25");
    expect(screen.getByText("$300")).toBeInTheDocument();
    expect(orderTotal(3, 9.99)).toBe(27);
  });

  it("when submitted without phone and address, then both are required", async () => {
    const { onSubmit, alert, user } = setup();
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(await screen.findByText("Phone Number is Required")).toBeInTheDocument();
    expect(screen.getByText("Address is Required")).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the phone number has letters, then it says 'Must be a phone number'", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Phone Number"), "ring me");
    await user.type(screen.getByLabelText("Address"), "1 Main Street");
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(await screen.findByText("Must be a phone number")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ["9", BELOW_MOQ],
    ["", BELOW_MOQ],
    ["51", ABOVE_AQ],
  ])("when the quantity is %j, then it alerts %j and sends nothing", async (quantity, message) => {
    const { onSubmit, alert, user } = setup();
    await fillContact(user);
    await setQuantity(user, quantity);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(alert).toHaveBeenCalledWith(message);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the alerts' texts are read, then they are those of docs/product.md §6.2", () => {
    expect(BELOW_MOQ).toBe("Please order more than minimum order quantity");
    expect(ABOVE_AQ).toBe("Please give order below available unit");
  });

  it("when the quantity is within moq and aq, then it sends phone, address and quantity", async () => {
    const { onSubmit, alert, user } = setup();
    await fillContact(user);
    await setQuantity(user, "50");
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(alert).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledWith({ userPhone: "+1 555 0100", userAddress: "1 Main Street", quantityAmount: 50 });
  });

  it("when the API refuses the order for a reason of its own, then its detail is alerted as the quantity alerts are", async () => {
    const detail = "The order total must be at least $0.50, the smallest amount a card can be charged; this order comes to $0.00.";
    const { alert, user } = setup(vi.fn(async () => Promise.reject(new ApiError(422, "Unprocessable Content", detail, "order_total_too_small"))));
    await fillContact(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(detail));
  });

  it("when the buyer cancelled this tool's unpaid order a moment ago, then the API's 409 saying until when is alerted, word for word", async () => {
    const detail =
      "You recently cancelled an unpaid order of this tool, or let one lapse, so you cannot hold it unpaid again yet. You can order it again in 58 minutes, from November 25, 2026 at 3:05 PM UTC.";
    const { alert, user } = setup(vi.fn(async () => Promise.reject(new ApiError(409, "Conflict", detail, "hold_cooling_down"))));
    await fillContact(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(detail));
  });

  it("when the API refuses a field, then it shows under that field and nothing is alerted", async () => {
    const refused = new ApiError(400, "Bad Request", "The request is invalid.", "bad_request", [{ path: "body/userAddress", message: "At most 500 characters" }]);
    const { alert, user } = setup(vi.fn(async () => Promise.reject(refused)));
    await fillContact(user);
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(await screen.findByText("At most 500 characters")).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it("when it opens with a phone and address known, then it starts with them, and they can be changed before sending", async () => {
    const { onSubmit, user } = setup(undefined, lastContact);
    expect(screen.getByLabelText("Phone Number")).toHaveValue("+1 555 0177");
    expect(screen.getByLabelText("Address")).toHaveValue("9 Quay Street, Harbourtown");
    await user.clear(screen.getByLabelText("Address"));
    await user.type(screen.getByLabelText("Address"), "1 Main Street");
    await user.click(screen.getByRole("button", { name: "Confirm Order" }));
    expect(onSubmit).toHaveBeenCalledWith({ userPhone: "+1 555 0177", userAddress: "1 Main Street", quantityAmount: 10 });
  });

  it("when the phone and address become known after it opened, then they fill only what the buyer has not typed yet", async () => {
    const { user, rerenderWith } = setup();
    await user.type(screen.getByLabelText("Phone Number"), "+1 555 0100");
    rerenderWith(lastContact);
    expect(screen.getByLabelText("Phone Number")).toHaveValue("+1 555 0100");
    expect(screen.getByLabelText("Address")).toHaveValue("9 Quay Street, Harbourtown");
    // Filled once: an address the buyer then clears stays cleared.
    await user.clear(screen.getByLabelText("Address"));
    rerenderWith({ ...lastContact });
    expect(screen.getByLabelText("Address")).toHaveValue("");
  });
});
