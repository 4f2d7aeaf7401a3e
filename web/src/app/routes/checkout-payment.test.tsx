import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Session } from "@/lib/auth";
import { CHECKOUT_ID, paidCheckout, unpaidCheckout } from "@/test/checkouts";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { server } from "@/test/server";
import { CheckoutPaymentRoute } from "./checkout-payment";

useNodeAbortController();
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session }));
auth.session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob Buyer" };

const intentId = "pi_sandbox_0a1b2c3d";
const clientSecret = `${intentId}_secret_ffee0011`;

describe("the checkout's payment page, with the shop's card form", () => {
  it("when the buyer pays by card, then the sandbox confirms it for the checkout's intent, the server settles the checkout and the receipt follows", async () => {
    const confirmed: unknown[] = [];
    server.use(
      http.get(`/api/checkouts/${CHECKOUT_ID}`, () => HttpResponse.json(unpaidCheckout)),
      http.post(`/api/checkouts/${CHECKOUT_ID}/payment-intent`, () => HttpResponse.json({ clientSecret, provider: "sandbox" })),
      http.post(`/api/sandbox/payment-intents/${intentId}/confirm`, async ({ request }) => {
        confirmed.push(await request.json());
        return HttpResponse.json({ id: intentId, status: "succeeded", amount: 19600, currency: "usd" });
      }),
      http.post(`/api/checkouts/${CHECKOUT_ID}/payment`, () => HttpResponse.json(paidCheckout)),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/dashboard/checkouts/${CHECKOUT_ID}/payment`]}>
          <Routes>
            <Route path="/dashboard/checkouts/:id/payment" element={<CheckoutPaymentRoute />} />
            <Route path="/dashboard/checkouts/:id" element={<h1>Receipt page</h1>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM / YY)"), "1234");
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByRole("heading", { name: "Receipt page" })).toBeInTheDocument();
    expect(confirmed).toEqual([
      {
        clientSecret,
        card: { number: "4242424242424242", expMonth: 12, expYear: 34, cvc: "123" },
        billingDetails: { name: "Bob Buyer", email: "buyer@toolshop.test" },
      },
    ]);
  });
});
