import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Checkout } from "@api/orders/checkout.schemas";
import { CHECKOUT_ID, paidCheckout, unpaidCheckout } from "@/test/checkouts";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import type { CardFormSlot } from "../components/checkout-payment";
import { PAYMENT_COMPLETED } from "../components/checkout-payment";
import { CheckoutPaymentPage } from "./checkout-payment";

useNodeAbortController();
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const PAYMENT = `/api/checkouts/${CHECKOUT_ID}/payment`;
const INTENT = `/api/checkouts/${CHECKOUT_ID}/payment-intent`;

/** The payment feature's card form stands in as one button that "accepts the card". */
function FakeCardForm({ intent, locked, onConfirmed }: CardFormSlot) {
  if (!intent) return <p>Preparing the card form…</p>;
  return (
    <button type="button" disabled={locked} onClick={() => onConfirmed("pi_sandbox_1")}>
      Pay with {intent.clientSecret}
    </button>
  );
}

type Answer = () => Response | Promise<Response>;

function answerApi({ checkout = () => HttpResponse.json(unpaidCheckout), ...posts }: { checkout?: Answer; intent?: Answer; payment?: Answer; cancel?: Answer }) {
  const calls: string[] = [];
  const intentBodies: unknown[] = [];
  server.use(
    http.get(`/api/checkouts/${CHECKOUT_ID}`, () => {
      calls.push("GET checkout");
      return checkout();
    }),
    http.post(INTENT, async ({ request }) => {
      calls.push("POST payment-intent");
      intentBodies.push(await request.json());
      return (posts.intent ?? (() => HttpResponse.json({ clientSecret: "pi_sandbox_1_secret_x", provider: "sandbox" })))();
    }),
    http.post(PAYMENT, () => {
      calls.push("POST payment");
      return (posts.payment ?? (() => HttpResponse.json(paidCheckout)))();
    }),
    http.delete(`/api/checkouts/${CHECKOUT_ID}`, () => {
      calls.push("DELETE checkout");
      return (posts.cancel ?? (() => HttpResponse.json({ ...unpaidCheckout, status: "cancelled" } satisfies Checkout)))();
    }),
  );
  return { calls, intentBodies };
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/dashboard/checkouts/${CHECKOUT_ID}/payment`]}>
        <Routes>
          <Route path="/dashboard/checkouts/:id/payment" element={<CheckoutPaymentPage cardForm={(slot) => <FakeCardForm {...slot} />} />} />
          <Route path="/dashboard/checkouts/:id" element={<h1>Receipt page</h1>} />
          <Route path="/dashboard/orders" element={<h1>My Orders page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("the checkout's payment page", () => {
  it("when it opens, then it lists every line with the total and asks for one intent for that total", async () => {
    const { intentBodies } = answerApi({});
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Pay for your checkout" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Claw Hammer", "10 units", "$180"],
      ["Spirit Level", "4 units", "$16"],
    ]);
    expect(screen.getByText(/^Total:/)).toHaveTextContent("Total: $196");
    expect(await screen.findByRole("button", { name: "Pay with pi_sandbox_1_secret_x" })).toBeEnabled();
    expect(intentBodies).toEqual([{ total: 196 }]);
  });

  it("when the card is accepted, then the server settles every order, checking again while the provider is still settling, and the buyer goes to the receipt", async () => {
    let checks = 0;
    const { calls } = answerApi({
      payment: () =>
        ++checks === 1 ? problemResponse({ status: 409, title: "Conflict", code: "payment_pending", detail: "The payment is still being settled." }) : HttpResponse.json(paidCheckout),
    });
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: /^Pay with/ }));
    expect(await screen.findByRole("heading", { name: "Receipt page" }, { timeout: 3000 })).toBeInTheDocument();
    expect(checks).toBe(2);
    expect(calls.filter((call) => call === "POST payment-intent")).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(PAYMENT_COMPLETED);
  });

  it("when the checkout is paid already, then it goes straight to the receipt without asking for an intent", async () => {
    const { calls } = answerApi({ checkout: () => HttpResponse.json(paidCheckout) });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Receipt page" })).toBeInTheDocument();
    expect(calls).toEqual(["GET checkout"]);
  });

  it("when the checkout was cancelled meanwhile, then the page says so instead of offering a card form", async () => {
    let gets = 0;
    answerApi({
      checkout: () => HttpResponse.json(++gets === 1 ? unpaidCheckout : ({ ...unpaidCheckout, status: "cancelled", releasesAt: null } satisfies Checkout)),
      intent: () => problemResponse({ status: 409, title: "Conflict", code: "checkout_cancelled", detail: "This checkout was cancelled." }),
    });
    renderPage();
    expect(await screen.findByText(/This checkout was cancelled: its units are back on sale/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay with/ })).not.toBeInTheDocument();
  });

  it("when Cancel checkout is confirmed, then every order is cancelled and the buyer goes back to My Orders; No keeps it", async () => {
    const { calls } = answerApi({});
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Cancel checkout" }));
    const dialog = screen.getByRole("dialog", { name: "Are you sure you want to cancel this checkout?" });
    expect(dialog).toHaveTextContent("2 items, $196: every order of it is cancelled and its units go back on sale.");
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(toast.info).toHaveBeenCalledWith("Changes are not saved");
    expect(calls).not.toContain("DELETE checkout");

    await user.click(screen.getByRole("button", { name: "Cancel checkout" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes" }));
    expect(await screen.findByRole("heading", { name: "My Orders page" })).toBeInTheDocument();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Checkout cancelled"));
    expect(calls).toContain("DELETE checkout");
  });
});
