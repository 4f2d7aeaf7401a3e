import type { Work } from "../../lib/change.js";
import type { Payable } from "../orders/orders.service.js";
import { type PaymentEvent, type ProviderIntent, SETTLING_EVENTS } from "./payment-provider.js";
import type { PaymentRecord } from "./payments.store.js";
import type { PaymentsContext } from "./payments-context.js";

export type Settlement = "paid" | "already_settled" | "failed" | "canceled" | "refund_due" | "refunded" | "pending" | "unknown";

/**
 * The server asked the provider about an intent, and settles what it heard. Money that does not
 * pay its order or checkout goes back once the settling change has committed; if the provider fails
 * then, the caller sees the error and the sweeper (jobs/retry-due-refunds.ts) asks again.
 */
export async function settlePayment(context: PaymentsContext, intent: ProviderIntent): Promise<Settlement> {
  const outcome = await context.change(async (work) => {
    const outcome = await settle(context, work, intent);
    if (outcome === "refund_due") work.afterCommit(() => context.refunds.refund(intent.id));
    return outcome;
  });
  return outcome === "refund_due" ? "refunded" : outcome;
}

/** The provider tells of an intent: an event verified by its signature or raised by the sandbox. Redeliveries are no-ops. */
export function settleEvent(context: PaymentsContext, event: PaymentEvent): Promise<void> {
  const { intent } = event;
  return context.change(async (work) => {
    if (!(await context.store.claimEvent(work.tx, event.id, event.type))) return;
    if (!intent || !SETTLING_EVENTS.has(event.type)) return;
    if ((await settle(context, work, intent)) !== "refund_due") return;
    work.afterCommit(async () => {
      try {
        await context.refunds.refund(intent.id);
      } catch (error) {
        // The provider answers a failed delivery by sending it again, which tries the refund sooner than the sweeper would.
        await context.store.releaseEvent(event.id);
        throw error;
      }
    });
  });
}

/**
 * Applies what the provider says about an intent. Only a succeeded intent for the exact amount and
 * currency of an unpaid order or checkout makes it paid (every order of a checkout at once), once.
 * Money that does not pay it (the wrong amount, or an order or checkout cancelled or already paid by
 * another attempt) is owed back to the buyer, whole.
 */
async function settle(context: PaymentsContext, work: Work, intent: ProviderIntent): Promise<Settlement> {
  const payment = await context.store.lockByIntent(work.tx, intent.id);
  if (!payment) return "unknown";
  if (intent.status === "succeeded") return settleSuccess(context, work, payment, intent);
  // Paid never goes back: a late failure or cancellation of a settled intent changes nothing.
  if (payment.status !== "pending" && payment.status !== "failed") return "already_settled";
  if (intent.status === "canceled") {
    await context.store.setStatus(work.tx, payment.id, "canceled", null);
    return "canceled";
  }
  if (intent.lastError) {
    await context.store.setStatus(work.tx, payment.id, "failed", intent.lastError);
    return "failed";
  }
  return "pending";
}

const kindWord = ({ kind }: Payable) => (kind === "order" ? "Order" : "Checkout");

async function settleSuccess(context: PaymentsContext, work: Work, payment: PaymentRecord, intent: ProviderIntent): Promise<Settlement> {
  const { tx, afterCommit } = work;
  if (payment.status === "refund_due") return "refund_due";
  if (payment.status === "succeeded" || payment.status === "refunded") return "already_settled";
  const target = await context.settlement.lock(work, payment.payable);
  if (!target || intent.amount !== payment.amountCents || intent.amount !== target.totalCents || intent.currency !== "usd") {
    await context.store.setStatus(tx, payment.id, "refund_due", `Charged ${intent.amount} ${intent.currency}, expected ${payment.amountCents} usd`);
    return "refund_due";
  }
  if (await context.settlement.markPaid(work, payment.payable, intent.id, intent.cardLast4)) {
    await context.store.markSucceeded(tx, payment.id, intent.cardLast4);
    if (intent.cardLast4 === null) afterCommit(() => learnCard(context, payment.payable, intent.id));
    return "paid";
  }
  await context.store.setStatus(tx, payment.id, "refund_due", `${kindWord(payment.payable)} was ${target.status} when the payment succeeded`);
  return "refund_due";
}

/**
 * A Stripe event names the card's payment method without its details, so an order or checkout paid
 * by a webhook learns its card from the provider once the payment is committed. The receipt can do
 * without it: if the provider cannot say now, it stays paid and its card unknown.
 */
async function learnCard({ store, provider, change, settlement }: PaymentsContext, payable: Payable, intentId: string): Promise<void> {
  try {
    const { cardLast4 } = await provider.retrieveIntent(intentId);
    if (!cardLast4) return;
    await change(async (work) => {
      // What it paid first, then the payment, as a refund locks them: two changes never wait on each other in a circle.
      await settlement.recordCard(work, payable, intentId, cardLast4);
      await store.recordCard(work.tx, intentId, cardLast4);
    });
  } catch {
    // The payment itself is settled and committed; a provider or database that fails now only leaves the card unnamed.
  }
}
