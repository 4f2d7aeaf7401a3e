import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Checkout } from "@api/orders/checkout.schemas";
import type { Session } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { CHECKOUT_ID, paidCheckout, unpaidCheckout } from "@/test/checkouts";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { server } from "@/test/server";
import { CheckoutReceiptPage } from "./checkout-receipt";

useNodeAbortController();
const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session }));
auth.session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob" };

function openReceipt(checkout: Checkout) {
  server.use(http.get(`/api/checkouts/${CHECKOUT_ID}`, () => HttpResponse.json(checkout)));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/dashboard/checkouts/${CHECKOUT_ID}`]}>
        <Routes>
          <Route path="/dashboard/checkouts/:id" element={<CheckoutReceiptPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fact = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling;

describe("the checkout's page", () => {
  it("when the checkout is paid, then one receipt lists every line, linked to its order, with the total, the payment and where it goes", async () => {
    openReceipt(paidCheckout);
    expect(screen.getByRole("heading", { level: 1, name: "Checkout C0FFEE00" })).toBeInTheDocument();
    const receipt = await screen.findByRole("region", { name: "Receipt" });
    const [hammer, level] = paidCheckout.orders;
    expect(within(receipt).getByRole("link", { name: "Claw Hammer" })).toHaveAttribute("href", `/dashboard/orders/${hammer!._id}`);
    expect(within(receipt).getByRole("link", { name: "Spirit Level" })).toHaveAttribute("href", `/dashboard/orders/${level!._id}`);
    expect(fact("Total Price")).toHaveTextContent("$196");
    expect(fact("Paid at")).toHaveTextContent(formatDateTime(paidCheckout.paidAt!));
    expect(fact("Card")).toHaveTextContent("ending in 4242");
    expect(fact("Delivery address")).toHaveTextContent("1 Main Street");
    expect(fact("Transaction Id")).toHaveTextContent("pi_sandbox_1");
    expect(screen.getByRole("button", { name: "Print receipt" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
  });

  it("when the buyer's checkout is unpaid, then it lists the lines and leads to its payment; no receipt yet", async () => {
    openReceipt(unpaidCheckout);
    expect(await screen.findByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/checkouts/${CHECKOUT_ID}/payment`);
    expect(screen.getByText("Awaiting payment")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Claw Hammer" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Receipt" })).not.toBeInTheDocument();
  });

  it("when the checkout was cancelled, then it says so and offers no payment", async () => {
    openReceipt({ ...unpaidCheckout, status: "cancelled", releasesAt: null, cancelledAt: "2026-11-22T05:30:00.000Z" });
    expect(await screen.findByText("This checkout was cancelled: none of its orders is to be paid.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
  });
});
