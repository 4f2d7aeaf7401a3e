import type { Principal } from "../../lib/auth.js";
import { conflict, unprocessable } from "../../lib/errors.js";
import type { ProviderIntent } from "./payment-provider.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "./payments.schemas.js";
import type { PaymentRequest } from "./payments.service.js";
import type { PaymentsContext } from "./payments-context.js";
import { settlePayment } from "./settle-payment.js";

const intentKey = (orderId: string, attempt: number) => `toolshop-order-${orderId}-attempt-${attempt}`;

/**
 * A buyer opens the payment page of their unpaid order: the page gets the client secret of the
 * intent it should use. A total the client sends along is checked against the order's, never used.
 */
export async function startPayment(context: PaymentsContext, principal: Principal, { orderId, expectedTotalCents }: PaymentRequest): Promise<{ clientSecret: string }> {
  const order = await context.settlement.ownLive(principal, orderId);
  if (order.status !== "unpaid") throw conflict("order_paid", "This order is already paid.");
  if (expectedTotalCents !== undefined && expectedTotalCents !== order.totalCents) {
    throw unprocessable("amount_mismatch", "The amount does not match the order's total.");
  }
  // Placing refuses such totals; an order placed before that rule may still have one.
  if (order.totalCents < MINIMUM_CHARGE_CENTS) {
    throw unprocessable("amount_too_small", "This order's total is below the card minimum of $0.50.");
  }
  if (order.totalCents > MAXIMUM_CHARGE_CENTS) {
    throw unprocessable("amount_too_large", "This order's total is above the card maximum of $999,999.99.");
  }
  const intent = await currentIntent(context, order.id, order.totalCents);
  if (!intent.clientSecret) throw conflict("payment_unavailable", "This payment cannot be continued.");
  return { clientSecret: intent.clientSecret };
}

/** The intent an open payment page should use, made once per attempt with a key derived from the order. */
async function currentIntent(context: PaymentsContext, orderId: string, amountCents: number): Promise<ProviderIntent> {
  const { store, provider } = context;
  const latest = await store.latestAttempt(orderId);
  if (latest && (latest.status === "pending" || latest.status === "failed")) {
    const intent = await provider.retrieveIntent(latest.intentId);
    if (intent.status !== "canceled" && intent.status !== "succeeded") return intent;
    const outcome = await settlePayment(context, intent);
    // A canceled intent, or money that went back because it did not pay the order, makes way for a new attempt.
    if (outcome === "paid" || outcome === "already_settled") throw conflict("order_paid", "This order is already paid.");
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  const intent = await provider.createIntent({
    amount: amountCents,
    currency: "usd",
    metadata: { orderId },
    idempotencyKey: intentKey(orderId, attempt),
  });
  await store.recordAttempt({
    orderId,
    attempt,
    provider: provider.name,
    intentId: intent.id,
    amountCents,
    currency: "usd",
  });
  return intent;
}
