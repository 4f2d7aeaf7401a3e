import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { unpaidOrder } from "@/test/orders";
import { problemResponse } from "@/test/problem-response";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import type { ConfirmedSandboxIntent } from "../api/confirm-sandbox-payment";
import type { PaymentIntent } from "../api/create-payment-intent";
import { OrderPayment, STRIPE_NOT_CONFIGURED } from "./order-payment";

const order = unpaidOrder;
const billing = { name: "Bob Buyer", email: "buyer@toolshop.test" };
const intentId = "pi_sandbox_0a1b2c3d";
const clientSecret = `${intentId}_secret_ffee0011`;
const myOrdersKey = ["orders", "mine", billing.email];

// Every call the payment page makes is a POST.
const CREATE_INTENT = "/api/create-payment-intent";
const CONFIRM = `/api/sandbox/payment-intents/${intentId}/confirm`;
const CHECK = `/api/orders/${order._id}/payment`;

type Answer = () => Response | Promise<Response>;

/** Answers the payment page's POSTs by path, as the API would, and keeps the body each one sent. */
function answerApi(answers: Record<string, Answer>) {
  const bodies = new Map<string, unknown[]>();
  server.use(
    ...Object.entries(answers).map(([path, answer]) =>
      http.post(path, async ({ request }) => {
        const text = await request.text();
        bodies.set(path, [...(bodies.get(path) ?? []), text ? JSON.parse(text) : undefined]);
        return answer();
      }),
    ),
  );
  return { bodiesOf: (path: string) => bodies.get(path) ?? [] };
}

const declined = (code: string, detail: string) => () => problemResponse({ status: 402, title: "Payment Required", code, detail });
const sandboxIntent = () => HttpResponse.json<PaymentIntent>({ clientSecret, provider: "sandbox" });
const succeeded = () => HttpResponse.json<ConfirmedSandboxIntent>({ id: intentId, status: "succeeded", amount: 36000, currency: "usd" });
const paidOrder = () => HttpResponse.json<Order>({ ...order, paid: true, status: "paid", releasesAt: null, transactionId: intentId });

function setup() {
  const { queryClient } = renderWithProviders(<OrderPayment order={order} billing={billing} />, [[myOrdersKey, [order]]]);
  return { queryClient, user: userEvent.setup() };
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, card: { number: string; expiry?: string; cvc?: string }) {
  await user.type(await screen.findByLabelText("Card number"), card.number);
  if (card.expiry) await user.type(screen.getByLabelText("Expiry (MM / YY)"), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText("CVC"), card.cvc);
}

describe("OrderPayment with the sandbox provider", () => {
  it("when the page opens, then it asks for the order's intent and Pay stays disabled until the client secret is there", async () => {
    let answer: (response: Response) => void = () => {};
    const { bodiesOf } = answerApi({ [CREATE_INTENT]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    setup();

    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
    await waitFor(() => expect(bodiesOf(CREATE_INTENT)).toEqual([{ orderId: order._id, toolPrice: 360 }]));
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
    const { bodiesOf } = answerApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: declined("card_declined", "Your card was declined."),
    });
    const { user } = setup();
    await enterCard(user, { number: "4000000000000002", expiry: "1234", cvc: "123" });
    expect(screen.getByLabelText("Card number")).toHaveValue("4000 0000 0000 0002");
    expect(screen.getByLabelText("Expiry (MM / YY)")).toHaveValue("12 / 34");
    await user.click(screen.getByRole("button", { name: "Pay" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your card was declined.");
    expect(alert).toHaveClass("text-error");
    expect(bodiesOf(CONFIRM)).toEqual([
      {
        clientSecret,
        card: { number: "4000000000000002", expMonth: 12, expYear: 34, cvc: "123" },
        billingDetails: billing,
      },
    ]);
    expect(bodiesOf(CHECK)).toEqual([]);
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(screen.getByLabelText("Card number")).toHaveValue("4000 0000 0000 0002");
  });

  it("when the expiry is missing, then the month and year go as null and the server's message shows", async () => {
    const { bodiesOf } = answerApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: declined("incomplete_expiry", "Your card's expiration date is incomplete."),
    });
    const { user } = setup();
    await enterCard(user, { number: "4242424242424242" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Your card's expiration date is incomplete.");
    expect(bodiesOf(CONFIRM)).toEqual([
      expect.objectContaining({ card: { number: "4242424242424242", expMonth: null, expYear: null, cvc: "" } }),
    ]);
  });

  it("when the card is accepted, then the server marks the order paid and the page shows 'Your payment is completed' and the transaction id", async () => {
    const { bodiesOf } = answerApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: succeeded,
      [CHECK]: paidOrder,
    });
    const { queryClient, user } = setup();
    await enterCard(user, { number: "4242424242424242", expiry: "1234", cvc: "123" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Your payment is completed")).toBeInTheDocument();
    expect(screen.getByText(/Your transaction Id:/)).toHaveTextContent(`Your transaction Id: ${intentId}`);
    expect(screen.getByText(intentId).tagName).toBe("SPAN");
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(bodiesOf(CHECK)).toHaveLength(1);
    // My Orders fetches the order again, now paid.
    expect(queryClient.getQueryState(myOrdersKey)?.isInvalidated).toBe(true);
    // From here, the receipt on the order's page, or back to the list.
    expect(screen.getByRole("link", { name: "View receipt" })).toHaveAttribute("href", `/dashboard/orders/${order._id}`);
    expect(screen.getByRole("link", { name: "Back to My Orders" })).toHaveAttribute("href", "/dashboard/orders");
  });

  it("when the order is not marked paid yet right after the card was accepted (webhook race), then it checks again", async () => {
    let checks = 0;
    answerApi({
      [CREATE_INTENT]: sandboxIntent,
      [CONFIRM]: succeeded,
      [CHECK]: () =>
        ++checks === 1 ? problemResponse({ status: 409, title: "Conflict", code: "payment_incomplete", detail: "The payment has not been completed." }) : paidOrder(),
    });
    const { user } = setup();
    await enterCard(user, { number: "4242424242424242", expiry: "1234", cvc: "123" });
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByText("Your payment is completed", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(checks).toBe(2);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("when the order was paid meanwhile (409), then it says so instead of showing a card form", async () => {
    answerApi({ [CREATE_INTENT]: () => problemResponse({ status: 409, title: "Conflict", code: "order_paid", detail: "This order is already paid." }) });
    setup();
    expect(await screen.findByText("This order is paid.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("when the order is paid already, then it asks for no intent and shows no form", async () => {
    const { bodiesOf } = answerApi({ [CREATE_INTENT]: sandboxIntent });
    renderWithProviders(<OrderPayment order={{ ...order, paid: true, status: "paid" }} billing={billing} />);
    expect(screen.getByText("This order is paid.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View receipt" })).toHaveAttribute("href", `/dashboard/orders/${order._id}`);
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    // A page that asks for an intent on opening reaches the API within a few microtasks; this waits well past that.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodiesOf(CREATE_INTENT)).toEqual([]);
  });
});

describe("OrderPayment with the Stripe provider", () => {
  it("when this web build has no Stripe publishable key, then it says so in red instead of a form", async () => {
    answerApi({ [CREATE_INTENT]: () => HttpResponse.json<PaymentIntent>({ clientSecret: "pi_3Ab_secret_Xy", provider: "stripe" }) });
    setup();
    expect(await screen.findByRole("alert")).toHaveTextContent(STRIPE_NOT_CONFIGURED);
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
  });
});
