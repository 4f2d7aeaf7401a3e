import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { renderWithProviders } from "@/test/render-with-providers";
import { OrderPayment, STRIPE_NOT_CONFIGURED } from "./order-payment";

const order: Order = {
  _id: "0b7e1c2a-1111-4222-8333-944445555666",
  toolId: "t1",
  toolName: "Claw Hammer",
  userName: "Bob Buyer",
  userEmail: "buyer@toolshop.test",
  userPhone: "+1 555 0100",
  userAddress: "1 Main Street",
  quantityAmount: 20,
  toolPrice: 360,
  paid: false,
  shipped: false,
  status: "unpaid",
  createdAt: "2026-11-22T05:00:00.000Z",
  releasesAt: "2026-11-22T06:00:00.000Z",
  transactionId: null,
};
const billing = { name: "Bob Buyer", email: "buyer@toolshop.test" };
const intentId = "pi_sandbox_0a1b2c3d";
const clientSecret = `${intentId}_secret_ffee0011`;
const myOrdersKey = ["orders", "mine", billing.email];

const CREATE_INTENT = "POST /api/create-payment-intent";
const CONFIRM = `POST /api/sandbox/payment-intents/${intentId}/confirm`;
const CHECK = `POST /api/orders/${order._id}/payment`;

type Handler = (body: unknown) => Response | Promise<Response>;

/** Answers the API client's calls by method and path, as the API would. */
function stubApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn<typeof globalThis.fetch>(async (url, init) => {
    const call = `${init?.method ?? "GET"} ${String(url)}`;
    const handler = handlers[call];
    if (!handler) throw new Error(`Unexpected call: ${call}`);
    return handler(init?.body === undefined ? undefined : JSON.parse(String(init.body)));
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const problem = (status: number, code: string, detail: string) =>
  Response.json({ type: "about:blank", status, title: "Error", detail, code }, { status, headers: { "content-type": "application/problem+json" } });

const sandboxIntent = () => Response.json({ clientSecret, provider: "sandbox" });
const paidOrder = () => Response.json({ ...order, paid: true, status: "paid", transactionId: intentId });
const bodiesOf = (fetch: ReturnType<typeof stubApi>, call: string) =>
  fetch.mock.calls
    .filter(([url, init]) => `${init?.method ?? "GET"} ${String(url)}` === call)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function setup() {
  const { queryClient } = renderWithProviders(<OrderPayment order={order} billing={billing} />, [[myOrdersKey, [order]]]);
  return { queryClient, user: userEvent.setup() };
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry?: string; cvc?: string }) {
  await user.type(await screen.findByLabelText("Card number"), card.number);
  if (card.expiry) await user.type(screen.getByLabelText("Expiry (MM / YY)"), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText("CVC"), card.cvc);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("OrderPayment with the sandbox provider", () => {
  it("when the page opens, then it asks for the order's intent and Pay stays disabled until the client secret is there", async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = stubApi({ [CREATE_INTENT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    setup();

    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
    await waitFor(() => expect(bodiesOf(fetch, CREATE_INTENT)).toEqual([{ orderId: order._id, toolPrice: 360 }]));
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();

    answer(sandboxIntent());
    const number = await screen.findByLabelText("Card number");
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(number).toHaveAttribute("inputmode", "numeric");
    expect(number).toHaveAttribute("autocomplete", "cc-number");
    expect(screen.getByLabelText("Expiry (MM / YY)")).toHaveAttribute("autocomplete", "cc-exp");
    expect(screen.getByLabelText("CVC")).toHaveAttribute("autocomplete", "cc-csc");
    expect(screen.getByText(/test cards work, e\.g\. 4242 4242 4242 4242/i)).toBeInTheDocument();
  });

  it("when the card is declined, then the server's message shows in red and the buyer can try another card", async () => {
    const fetch = stubApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: () => problem(402, "card_declined", "Your card was declined."),
    });
    const { user } = setup();
    await enterCard(user, { number: "4000000000000002", expiry: "1234", cvc: "123" });
    expect(screen.getByLabelText("Card number")).toHaveValue("4000 0000 0000 0002");
    expect(screen.getByLabelText("Expiry (MM / YY)")).toHaveValue("12 / 34");
    await user.click(screen.getByRole("button", { name: "Pay" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your card was declined.");
    expect(alert).toHaveClass("text-error");
    expect(bodiesOf(fetch, CONFIRM)).toEqual([
      {
        clientSecret,
        card: { number: "4000000000000002", expMonth: 12, expYear: 34, cvc: "123" },
        billingDetails: billing,
      },
    ]);
    expect(bodiesOf(fetch, CHECK)).toEqual([]);
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(screen.getByLabelText("Card number")).toHaveValue("4000 0000 0000 0002");
  });

  it("when the expiry is missing, then the month and year go as null and the server's message shows", async () => {
    const fetch = stubApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: () => problem(402, "incomplete_expiry", "Your card's expiration date is incomplete."),
    });
    const { user } = setup();
    await enterCard(user, { number: "4242424242424242" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Your card's expiration date is incomplete.");
    expect(bodiesOf(fetch, CONFIRM)).toEqual([
      expect.objectContaining({ card: { number: "4242424242424242", expMonth: null, expYear: null, cvc: "" } }),
    ]);
  });

  it("when the card is accepted, then the server marks the order paid and the page shows 'Your payment is completed' and the transaction id", async () => {
    const fetch = stubApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: () => Response.json({ id: intentId, status: "succeeded", amount: 36000, currency: "usd" }),
      [CHECK]: paidOrder,
    });
    const { queryClient, user } = setup();
    await enterCard(user, { number: "4242424242424242", expiry: "1234", cvc: "123" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Your payment is completed")).toBeInTheDocument();
    expect(screen.getByText(/Your transaction Id:/)).toHaveTextContent(`Your transaction Id: ${intentId}`);
    expect(screen.getByText(intentId).tagName).toBe("SPAN");
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith("/payment"))).toHaveLength(1);
    // My Orders fetches the order again, now paid.
    expect(queryClient.getQueryState(myOrdersKey)?.isInvalidated).toBe(true);
  });

  it("when the order is not marked paid yet right after the card was accepted (webhook race), then it checks again", async () => {
    let checks = 0;
    stubApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: () => Response.json({ id: intentId, status: "succeeded", amount: 36000, currency: "usd" }),
      [CHECK]: () => (++checks === 1 ? problem(409, "payment_incomplete", "The payment has not been completed.") : paidOrder()),
    });
    const { user } = setup();
    await enterCard(user, { number: "4242424242424242", expiry: "1234", cvc: "123" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Your payment is completed", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(checks).toBe(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("when the order was paid meanwhile (409), then it says so instead of showing a card form", async () => {
    stubApi({ [CREATE_INTENT]: () => problem(409, "order_paid", "This order is already paid.") });
    setup();
    expect(await screen.findByText("This order is paid.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("when the order is paid already, then it asks for no intent and shows no form", () => {
    const fetch = stubApi({});
    renderWithProviders(<OrderPayment order={{ ...order, paid: true, status: "paid" }} billing={billing} />);
    expect(screen.getByText("This order is paid.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("OrderPayment with the Stripe provider", () => {
  it("when this web build has no Stripe publishable key, then it says so in red instead of a form", async () => {
    stubApi({ [CREATE_INTENT]: () => Response.json({ clientSecret: "pi_3Ab_secret_Xy", provider: "stripe" }) });
    setup();
    expect(await screen.findByRole("alert")).toHaveTextContent(STRIPE_NOT_CONFIGURED);
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
  });
});
