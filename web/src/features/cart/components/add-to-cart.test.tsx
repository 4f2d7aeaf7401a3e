import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Cart, SaveCartLineBody } from "@api/cart/cart.schemas";
import { ABOVE_AQ, BELOW_MOQ } from "@api/orders/orders.schemas";
import type { Tool } from "@api/tools/tools.schemas";
import type { Session } from "@/lib/auth";
import { problemResponse } from "@/test/problem-response";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { BROWSER_CART_MAX_LINES, browserCart, CART_FULL } from "../lib/browser-cart";
import { AddToCart } from "./add-to-cart";

vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const auth = vi.hoisted(() => ({
  session: { status: "signedOut" } as Session,
  admin: { isLoading: false, isAdmin: false },
}));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session, useAdminStatus: () => auth.admin }));

const tool: Tool = { _id: "tool-1", name: "Claw Hammer", img: "/images/tools/claw-hammer.svg", price: 12.75, description: "Steel head", moq: 10, aq: 50 };
const buyer: Session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob" };

function setup(shown: Tool = tool) {
  const { queryClient } = renderWithProviders(<AddToCart tool={shown} />);
  return { queryClient, user: userEvent.setup(), quantity: screen.queryByLabelText("Quantity"), add: screen.queryByRole("button", { name: "Add to cart" }) };
}

beforeEach(() => {
  auth.session = { status: "signedOut" };
  auth.admin = { isLoading: false, isAdmin: false };
});

describe("AddToCart for a visitor", () => {
  it("when Add to cart is pressed, then the tool's minimum order goes in this browser's cart, at the price shown, and a toast says so", async () => {
    const { user, quantity, add } = setup();
    expect(quantity).toHaveValue(10);
    await user.click(add!);
    expect(browserCart.lines()).toEqual([{ toolId: "tool-1", quantity: 10, seenPrice: 12.75 }]);
    expect(toast.success).toHaveBeenCalledWith("Added to cart: Claw Hammer, 10 units");
  });

  it("when the quantity is below the minimum or above what is left, then the order form's message shows as it is typed and nothing is added", async () => {
    const { user, quantity, add } = setup();
    await user.clear(quantity!);
    await user.type(quantity!, "9");
    expect(screen.getByText(BELOW_MOQ)).toBeInTheDocument();
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveAccessibleDescription(BELOW_MOQ);
    await user.click(add!);
    expect(quantity).toHaveFocus();
    await user.clear(quantity!);
    await user.type(quantity!, "51");
    expect(screen.getByText(ABOVE_AQ)).toBeInTheDocument();
    await user.click(add!);
    expect(browserCart.lines()).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
    await user.clear(quantity!);
    await user.type(quantity!, "50");
    expect(quantity).not.toHaveAttribute("aria-invalid");
    await user.click(add!);
    expect(browserCart.lines()).toEqual([{ toolId: "tool-1", quantity: 50, seenPrice: 12.75 }]);
  });

  it("when the browser's cart is full, then a new tool is refused in the account cart's words", async () => {
    for (let index = 0; index < BROWSER_CART_MAX_LINES; index++) browserCart.save({ toolId: `t${index}`, quantity: 1 });
    const { user, add } = setup();
    await user.click(add!);
    expect(toast.error).toHaveBeenCalledWith(CART_FULL);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("when the tool is sold out, then there is nothing to add", () => {
    const { quantity, add } = setup({ ...tool, aq: 5 });
    expect(quantity).toBeDisabled();
    expect(add).toBeDisabled();
  });
});

describe("AddToCart for a buyer", () => {
  it("when Add to cart is pressed, then the line is saved in the account's cart and the cart it answers is kept for the top bar", async () => {
    auth.session = buyer;
    const saved: unknown[] = [];
    const cart: Cart = { lines: [], count: 1, total: 180, message: null, ready: true };
    server.use(
      http.put<{ toolId: string }>("/api/cart/lines/:toolId", async ({ params, request }) => {
        saved.push([params.toolId, (await request.json()) as SaveCartLineBody]);
        return HttpResponse.json(cart);
      }),
    );
    const { queryClient, user, quantity, add } = setup();
    await user.clear(quantity!);
    await user.type(quantity!, "12");
    await user.click(add!);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Added to cart: Claw Hammer, 12 units"));
    expect(saved).toEqual([["tool-1", { quantity: 12 }]]);
    expect(queryClient.getQueryData(["cart", "account"])).toEqual(cart);
    expect(browserCart.lines()).toEqual([]);
  });

  it("when the API refuses the line, then no success is told", async () => {
    auth.session = buyer;
    server.use(http.put("/api/cart/lines/:toolId", () => problemResponse({ status: 409, title: "Conflict", code: "cart_full", detail: CART_FULL })));
    const { user, add } = setup();
    await user.click(add!);
    await waitFor(() => expect(add).toBeEnabled());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("when the person is an admin, then there is no Add to cart", () => {
    auth.session = buyer;
    auth.admin = { isLoading: false, isAdmin: true };
    const { add } = setup();
    expect(add).toBeNull();
  });
});
