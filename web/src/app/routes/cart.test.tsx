import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { PlaceCheckoutBody } from "@api/orders/checkout.schemas";
import type { Session } from "@/lib/auth";
import { cartOf, hammerLine } from "@/test/carts";
import { unpaidCheckout } from "@/test/checkouts";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { unpaidOrder } from "@/test/orders";
import { server } from "@/test/server";
import { CartRoute } from "./cart";

useNodeAbortController();
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session }));
auth.session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob Buyer" };

const cart = cartOf(hammerLine);

/** The buyer's last order, whose phone and address the checkout starts with. */
const lastOrder = http.get("/api/orders", () => HttpResponse.json([{ ...unpaidOrder, userPhone: "+1 555 0999", userAddress: "New Road 2" }]));

/** The cart page as the app routes it, with the payment page a placed checkout goes on to. */
function renderCartPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/cart"]}>
        <Routes>
          <Route path="/cart" element={<CartRoute />} />
          <Route path="/dashboard/checkouts/:id/payment" element={<h1>Payment page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the cart page, with the checkout", () => {
  it("when a buyer checks out, then the phone and address start as the order form's, the checkout is placed and the buyer goes on to pay", async () => {
    const placed: PlaceCheckoutBody[] = [];
    server.use(
      http.get("/api/cart", () => HttpResponse.json(cart)),
      lastOrder,
      http.post("/api/checkouts", async ({ request }) => {
        placed.push((await request.json()) as PlaceCheckoutBody);
        return HttpResponse.json(unpaidCheckout, { status: 201 });
      }),
    );
    renderCartPage();
    const checkout = within(await screen.findByRole("region", { name: "Check out" }));
    expect(await checkout.findByDisplayValue("+1 555 0999")).toBe(checkout.getByLabelText("Phone Number"));
    expect(checkout.getByLabelText("Address")).toHaveValue("New Road 2");
    await userEvent.setup().click(checkout.getByRole("button", { name: "Check out" }));
    expect(await screen.findByRole("heading", { name: "Payment page" })).toBeInTheDocument();
    expect(placed).toEqual([{ userPhone: "+1 555 0999", userAddress: "New Road 2", lines: [{ toolId: "t1", quantityAmount: 10, toolPrice: 18 }] }]);
  });

  it("when a new quantity is refused as the buyer checks out, then nothing is placed, the cart is read again and the refused quantity is marked", async () => {
    const placed: unknown[] = [];
    let reads = 0;
    server.use(
      // Stock fell to 12 since the page was opened: the second read of the cart says so.
      http.get("/api/cart", () => HttpResponse.json(reads++ === 0 ? cart : { ...cart, lines: [{ ...cart.lines[0]!, aq: 12 }] })),
      lastOrder,
      http.put("/api/cart/lines/t1", () =>
        HttpResponse.json({ title: "Unprocessable", status: 422, code: "above_aq", detail: "Quantity cannot exceed the available quantity." }, { status: 422, headers: { "Content-Type": "application/problem+json" } }),
      ),
      http.post("/api/checkouts", async ({ request }) => {
        placed.push(await request.json());
        return HttpResponse.json(unpaidCheckout, { status: 201 });
      }),
    );
    renderCartPage();
    const user = userEvent.setup();
    const checkout = within(await screen.findByRole("region", { name: "Check out" }));
    await checkout.findByDisplayValue("+1 555 0999");
    const quantity = screen.getByLabelText("Quantity");
    await user.clear(quantity);
    await user.type(quantity, "20");
    await user.click(checkout.getByRole("button", { name: "Check out" }));

    expect(await checkout.findByRole("alert")).toHaveTextContent("A change to your cart was not saved: check the lines above, then check out again.");
    expect(placed).toEqual([]);
    expect(screen.queryByRole("heading", { name: "Payment page" })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(quantity).toHaveAttribute("aria-invalid", "true"));
    expect(quantity).toHaveValue(20);
    expect(checkout.getByRole("button", { name: "Check out" })).toBeDisabled();
  });
});
