import { randomBytes } from "node:crypto";
import type { RunChange } from "../../../lib/change.js";
import { AppError, conflict, notFound, unprocessable } from "../../../lib/errors.js";
import type { PaymentEvent, PaymentProvider, ProviderIntent } from "../payment-provider.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../payments.schemas.js";
import { chargeTestCard } from "./sandbox-cards.js";
import type { ConfirmSandboxIntentBody } from "./sandbox.schemas.js";
import type { SandboxIntentRecord, SandboxStore } from "./sandbox.store.js";

const token = (bytes: number) => randomBytes(bytes).toString("hex");
/** Cents as Stripe's messages write them: `$25.00`. */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const toProviderIntent = (row: SandboxIntentRecord): ProviderIntent => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: row.metadata,
  clientSecret: row.clientSecret,
  lastError: row.lastError?.message ?? null,
  cardLast4: row.cardLast4,
});

export interface SandboxConfirmation {
  intent: ProviderIntent;
  /** What Stripe would send to the webhook about this attempt; none for a form Stripe.js would not send. */
  event: PaymentEvent | null;
  /** The card's refusal, in Stripe's words. */
  error: AppError | null;
}

export interface SandboxProvider extends PaymentProvider {
  /** The card form's confirmation: charges a test card as Stripe's test mode would. */
  confirm(id: string, body: ConfirmSandboxIntentBody): Promise<SandboxConfirmation>;
}

export interface SandboxProviderDependencies {
  store: SandboxStore;
  /** Runs the sandbox's own change: a confirmation's read and write of its intent, in one transaction. */
  change: RunChange;
}

/** A PaymentIntent provider of the shop's own that answers like Stripe's test mode. */
export function sandboxProvider({ store, change }: SandboxProviderDependencies): SandboxProvider {
  async function charge(id: string, { clientSecret, card }: ConfirmSandboxIntentBody) {
    return change(async ({ tx }) => {
      const intent = await store.lockIntent(tx, id);
      if (!intent || intent.clientSecret !== clientSecret) throw notFound("Payment");
      if (intent.status !== "requires_payment_method") {
        throw conflict("payment_intent_unexpected_state", `This payment has already ${intent.status === "succeeded" ? "succeeded" : "been canceled"}.`);
      }
      const outcome = chargeTestCard(card);
      if (outcome.ok) {
        const row = await store.updateIntent(tx, id, { status: "succeeded", cardLast4: outcome.last4, lastError: null });
        return { row, eventType: "payment_intent.succeeded", error: null };
      }
      // A card the bank saw and refused is a failed attempt; a form Stripe.js would not send is not.
      if (!outcome.charged) return { row: intent, eventType: null, error: outcome.error };
      const lastError = { code: outcome.error.code, decline_code: outcome.error.declineCode, message: outcome.error.message };
      const row = await store.updateIntent(tx, id, { lastError });
      return { row, eventType: "payment_intent.payment_failed", error: outcome.error };
    });
  }

  return {
    name: "sandbox",
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      // Stripe's bounds for US dollars, in Stripe's words.
      if (amount < MINIMUM_CHARGE_CENTS) throw unprocessable("amount_too_small", "Amount must be at least $0.50 usd");
      if (amount > MAXIMUM_CHARGE_CENTS) throw unprocessable("amount_too_large", "Amount must be no more than $999,999.99");
      const id = `pi_sandbox_${token(12)}`;
      const row = await store.createOrGetIntent({
        id,
        clientSecret: `${id}_secret_${token(16)}`,
        idempotencyKey,
        amount,
        currency,
        status: "requires_payment_method",
        metadata,
      });
      return toProviderIntent(row);
    },
    async retrieveIntent(id) {
      const row = await store.findIntent(id);
      if (!row) throw notFound("Payment");
      return toProviderIntent(row);
    },
    refund: (intentId, idempotencyKey, amountCents) =>
      change(async ({ tx }) => {
        const intent = await store.lockIntent(tx, intentId);
        if (!intent) throw notFound("Payment");
        // A key seen before is the same refund asked again: Stripe answers the first, and so does nothing new.
        if (intent.refunds.some((refund) => refund.idempotencyKey === idempotencyKey)) return;
        if (intent.status !== "succeeded") throw unprocessable("charge_not_refundable", "This PaymentIntent does not have a successful charge to refund.");
        const left = intent.amount - intent.refunds.reduce((sum, refund) => sum + refund.amount, 0);
        // All of it went back already (as an intent refunded before refunds were listed says): what the shop asks for is back with the buyer.
        if (left === 0 || intent.refundedAt !== null) return;
        const amount = amountCents ?? left;
        if (amount > left) {
          throw unprocessable("amount_too_large", `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`);
        }
        await store.updateIntent(tx, intentId, {
          refunds: [...intent.refunds, { idempotencyKey, amount }],
          ...(amount === left && { refundedAt: new Date() }),
        });
      }),
    async confirm(id, body) {
      const { row, eventType, error } = await charge(id, body);
      const intent = toProviderIntent(row);
      return {
        intent,
        event: eventType ? { id: `evt_sandbox_${token(12)}`, type: eventType, intent } : null,
        error: error ? new AppError(402, error.code, "Payment Required", error.message) : null,
      };
    },
  };
}
