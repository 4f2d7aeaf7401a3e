import type { Principal } from "../../lib/auth.js";
import { conflict } from "../../lib/errors.js";
import type { Payable } from "../orders/orders.service.js";
import type { CreateIntentInput, ProviderIntent } from "./payment-provider.js";
import { payableRefusals, refusalOfSettled } from "./payable-refusals.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "./payments.schemas.js";
import type { PaymentsContext } from "./payments-context.js";
import { settlePayment } from "./settle-payment.js";

/** One key per attempt of an order or a checkout, so every tab that opens the page gets the one intent. */
const intentKey = ({ kind, id }: Payable, attempt: number) => `toolshop-${kind}-${id}-attempt-${attempt}`;

const metadataOf = ({ kind, id }: Payable): CreateIntentInput["metadata"] => (kind === "order" ? { orderId: id } : { checkoutId: id });

/**
 * A buyer opens the payment page of their unpaid order or checkout: the page gets the client secret
 * of the intent it should use. A total the client sends along is checked against the one to pay,
 * never used.
 */
export async function startPayment(
  context: PaymentsContext,
  principal: Principal,
  asked: Payable,
  expectedTotalCents: number | undefined,
): Promise<{ clientSecret: string }> {
  const target = await context.settlement.ownLive(principal, asked);
  // The id as the store spells it: attempts, the intent's key and its metadata must name one payable whatever case was asked.
  const { payable } = target;
  const settled = refusalOfSettled(target);
  if (settled) throw settled;
  const refusals = payableRefusals(payable);
  if (expectedTotalCents !== undefined && expectedTotalCents !== target.totalCents) throw refusals.amountMismatch();
  // Placing refuses such totals; an order placed before that rule may still have one.
  if (target.totalCents < MINIMUM_CHARGE_CENTS) throw refusals.amountTooSmall();
  if (target.totalCents > MAXIMUM_CHARGE_CENTS) throw refusals.amountTooLarge();
  const intent = await currentIntent(context, payable, target.totalCents);
  if (!intent.clientSecret) throw conflict("payment_unavailable", "This payment cannot be continued.");
  return { clientSecret: intent.clientSecret };
}

/** The intent an open payment page should use, made once per attempt with a key derived from what it pays. */
async function currentIntent(context: PaymentsContext, payable: Payable, amountCents: number): Promise<ProviderIntent> {
  const { store, provider } = context;
  const latest = await store.latestAttempt(payable);
  if (latest && (latest.status === "pending" || latest.status === "failed")) {
    const intent = await provider.retrieveIntent(latest.intentId);
    if (intent.status !== "canceled" && intent.status !== "succeeded") return intent;
    const outcome = await settlePayment(context, intent);
    // A canceled intent, or money that went back because it did not pay, makes way for a new attempt.
    if (outcome === "paid" || outcome === "already_settled") throw payableRefusals(payable).paid();
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  const intent = await provider.createIntent({
    amount: amountCents,
    currency: "usd",
    metadata: metadataOf(payable),
    idempotencyKey: intentKey(payable, attempt),
  });
  await store.recordAttempt({ payable, attempt, provider: provider.name, intentId: intent.id, amountCents, currency: "usd" });
  return intent;
}
