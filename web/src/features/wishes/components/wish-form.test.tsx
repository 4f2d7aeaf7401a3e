import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { WishForm } from "./wish-form";

function setup(onSubmit = vi.fn(async () => {})) {
  render(<WishForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("WishForm", () => {
  it("when submitted empty, then the name, the approximate price and the details are each required", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Send Wish" }));
    expect(await screen.findByText("Tool Name is Required")).toBeInTheDocument();
    expect(screen.getByText("Approximate Price is Required")).toBeInTheDocument();
    expect(screen.getByText("Details is Required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the name and details are blank spaces, then they are still required", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Tool Name"), "  ");
    await user.type(screen.getByLabelText("Approximate Price"), "40");
    await user.type(screen.getByLabelText("Details"), "   ");
    await user.click(screen.getByRole("button", { name: "Send Wish" }));
    expect(await screen.findByText("Tool Name is Required")).toBeInTheDocument();
    expect(screen.getByText("Details is Required")).toBeInTheDocument();
    expect(screen.queryByText("Approximate Price is Required")).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when filled in, then it sends the wish with a numeric price and clears the form", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByPlaceholderText("Tool Name"), "Laser level");
    await user.type(screen.getByPlaceholderText("Approximate Price"), "89.5");
    await user.type(screen.getByPlaceholderText("Details"), "Self-levelling, green beam");
    await user.click(screen.getByRole("button", { name: "Send Wish" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Laser level", price: 89.5, details: "Self-levelling, green beam" });
    expect(screen.getByLabelText("Tool Name")).toHaveValue("");
  });

  it("when the API rejects a field, then its message shows under that field and the form keeps its values", async () => {
    const rejected = new ApiError(400, "Bad request", "Invalid body", "validation", [
      { path: "body/price", message: "At most two decimals" },
    ]);
    const { user } = setup(vi.fn(async () => Promise.reject(rejected)));
    await user.type(screen.getByLabelText("Tool Name"), "Laser level");
    await user.type(screen.getByLabelText("Approximate Price"), "1.234");
    await user.type(screen.getByLabelText("Details"), "Green beam");
    await user.click(screen.getByRole("button", { name: "Send Wish" }));
    expect(await screen.findByText("At most two decimals")).toBeInTheDocument();
    expect(screen.getByLabelText("Tool Name")).toHaveValue("Laser level");
  });
});
