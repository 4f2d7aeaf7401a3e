import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes, useParams } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Cart } from "@api/cart/cart.schemas";
import type { PlaceCheckoutBody } from "@api/orders/checkout.schemas";
import { ABOVE_AQ } from "@api/orders/orders.schemas";
import { cartOf, hammerLine, levelLine } from "@/test/carts";
import { unpaidCheckout } from "@/test/checkouts";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { CheckoutForm, type ContactDefaults, SOME_LINES_REFUSED } from "./checkout-form";

const hammer = hammerLine;
const level = levelLine;
const cart = cartOf(hammer, level);

const checkout = unpaidCheckout;

function PaymentPage() {
  return <h1>Paying {useParams().id}</h1>;
}

interface Setup {
  blocked?: string | null;
  contact?: ContactDefaults | null;
  settle?: () => Promise<{ cart: Cart } | { reason: string }>;
}

function setup({ blocked = null, contact = { userPhone: "+1 555 0100", userAddress: "1 Main Street" }, settle = async () => ({ cart }) }: Setup = {}) {
  const onRefused = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/cart"]}>
        <Routes>
          <Route path="/cart" element={<CheckoutForm blocked={blocked} settle={settle} onRefused={onRefused} contact={contact} />} />
          <Route path="/dashboard/checkouts/:id/payment" element={<PaymentPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onRefused, user: userEvent.setup(), submit: () => screen.getByRole("button", { name: "Check out" }) };
}

/** Answers POST /api/checkouts in turn, keeping what each request sent. */
function answerCheckouts(...answers: (() => Response)[]) {
  const sent: { key: string | null; body: PlaceCheckoutBody }[] = [];
  server.use(
    http.post("/api/checkouts", async ({ request }) => {
      sent.push({ key: request.headers.get("idempotency-key"), body: (await request.json()) as PlaceCheckoutBody });
      return (answers[sent.length - 1] ?? answers.at(-1)!)();
    }),
  );
  return sent;
}

describe("CheckoutForm", () => {
  it("when Check out is pressed, then every line goes at the price the buyer saw, with the phone, address and a key, and the buyer goes on to pay", async () => {
    const sent = answerCheckouts(() => HttpResponse.json(checkout, { status: 201 }));
    const { user, submit } = setup();
    expect(screen.getByLabelText("Phone Number")).toHaveValue("+1 555 0100");
    expect(screen.getByLabelText("Address")).toHaveValue("1 Main Street");
    await user.click(submit());
    expect(await screen.findByRole("heading", { name: `Paying ${checkout._id}` })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: {
          userPhone: "+1 555 0100",
          userAddress: "1 Main Street",
          lines: [
            { toolId: "t1", quantityAmount: 10, toolPrice: 18 },
            { toolId: "t2", quantityAmount: 4, toolPrice: 4.5 },
          ],
        },
      },
    ]);
  });

  it("when the same submission is tried again after a failure, then it goes with the same key; once something changed, with a new one", async () => {
    const sent = answerCheckouts(() => problemResponse({ status: 503, title: "Service Unavailable", code: "unavailable", detail: "Try again." }));
    const { user, submit } = setup();
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("Try again.");
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.type(screen.getByLabelText("Address"), ", Flat 2");
    await user.click(submit());
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it("when the API refuses some lines, then each one's reason goes beside its line and the form says so", async () => {
    const lines = [{ index: 1, toolId: "t2", toolName: "Spirit Level", code: "above_aq", message: ABOVE_AQ }];
    answerCheckouts(() =>
      HttpResponse.json(
        { type: "about:blank", status: 409, title: "Conflict", code: "checkout_refused", detail: `Spirit Level: ${ABOVE_AQ}`, lines },
        { status: 409, headers: { "content-type": "application/problem+json" } },
      ),
    );
    const { user, submit, onRefused } = setup();
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent(SOME_LINES_REFUSED);
    expect(onRefused).toHaveBeenLastCalledWith([{ toolId: "t2", message: ABOVE_AQ }]);
  });

  it("when the cart cannot be checked out, then Check out is disabled and says why", () => {
    const { submit } = setup({ blocked: "Deal with the lines marked above before checking out." });
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription("Deal with the lines marked above before checking out.");
  });

  it("when the cart turns out not to be ready once saved, then nothing is sent and the buyer is told why", async () => {
    const sent = answerCheckouts(() => HttpResponse.json(checkout, { status: 201 }));
    const { user, submit } = setup({ settle: async () => ({ reason: "A change to your cart was not saved: check the lines above, then check out again." }) });
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent("A change to your cart was not saved: check the lines above, then check out again.");
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(sent).toEqual([]);
  });

  it("when the phone and address are missing, then the order form's messages show and nothing is sent", async () => {
    const sent = answerCheckouts(() => HttpResponse.json(checkout, { status: 201 }));
    const { user, submit } = setup({ contact: null });
    await user.click(submit());
    expect(await screen.findByText("Phone Number is Required")).toBeInTheDocument();
    expect(screen.getByText("Address is Required")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
