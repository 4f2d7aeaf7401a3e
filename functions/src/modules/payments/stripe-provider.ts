import Stripe from "stripe";
import { type AppError, badGateway, serviceUnavailable } from "../../lib/errors.js";
import type { PaymentEvent, PaymentProvider, ProviderIntent } from "./payment-provider.js";

export interface StripeSettings {
  secretKey: string;
  webhookSecret?: string;
  /** A Stripe-compatible API at another address, such as a local stub in tests. */
  apiBase?: string;
  /** How long one call may take; tests shorten it to see a timeout in a second, not thirty. */
  timeoutMs?: number;
  /** Retries of a failed call, each with the same idempotency key. */
  maxNetworkRetries?: number;
}

export function stripeClient({ secretKey, apiBase, timeoutMs = 10_000, maxNetworkRetries = 2 }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    timeout: timeoutMs,
    maxNetworkRetries,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

/**
 * The card's last four digits, from whichever of the intent's payment method or latest charge was
 * expanded. Unexpanded (as in every webhook event) both are bare ids, and the card is not known.
 */
function cardLast4Of(intent: Stripe.PaymentIntent): string | null {
  const method = intent.payment_method;
  if (method && typeof method === "object" && method.card) return method.card.last4;
  const charge = intent.latest_charge;
  if (charge && typeof charge === "object") return charge.payment_method_details?.card?.last4 ?? null;
  return null;
}

export const toProviderIntent = (intent: Stripe.PaymentIntent): ProviderIntent => ({
  id: intent.id,
  status: intent.status,
  amount: intent.amount,
  currency: intent.currency,
  metadata: intent.metadata,
  clientSecret: intent.client_secret,
  lastError: intent.last_payment_error?.message ?? null,
  cardLast4: intent.status === "succeeded" ? cardLast4Of(intent) : null,
});

/** Provider trouble is the provider's, not the buyer's: 503 when unreachable, 502 when it refuses. */
function providerError(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeRateLimitError) {
    return serviceUnavailable("The payment provider cannot be reached. Please try again shortly.");
  }
  return badGateway("The payment provider refused the request. Please try again later.");
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

/**
 * Whether a part of a payment was given back under this key already. Stripe keeps an idempotency key
 * for 24 hours only, and unlike a whole refund, a second part is not refused while money is left; so
 * each refund carries its key, and a part asked for again is looked for among the intent's refunds
 * (a checkout has at most 50 lines, so one page of 100 holds them all).
 */
async function partGivenBack(stripe: Stripe, intentId: string, key: string): Promise<boolean> {
  const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
  return refunds.data.some((refund) => refund.metadata?.refundKey === key && refund.status !== "failed" && refund.status !== "canceled");
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    createIntent: ({ amount, currency, metadata, idempotencyKey }) =>
      call(async () =>
        toProviderIntent(
          await stripe.paymentIntents.create(
            // Cards are confirmed in the page; methods that leave the shop for a redirect are not offered.
            { amount, currency, metadata, automatic_payment_methods: { enabled: true, allow_redirects: "never" } },
            { idempotencyKey },
          ),
        ),
      ),
    // The payment method expanded in the same call: it names the card that paid, for the receipt.
    retrieveIntent: (id) => call(async () => toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand: ["payment_method"] }))),
    refund: (intentId, idempotencyKey, amountCents) =>
      call(async () => {
        if (amountCents !== undefined && (await partGivenBack(stripe, intentId, idempotencyKey))) return;
        // Only a part carries its key: a whole refund asked again must send what it sent first, as Stripe
        // refuses a key with other parameters, and needs none, since Stripe refuses a second one itself.
        const part = amountCents === undefined ? {} : { amount: amountCents, metadata: { refundKey: idempotencyKey } };
        try {
          await stripe.refunds.create({ payment_intent: intentId, ...part }, { idempotencyKey });
        } catch (error) {
          // The money is back already: refunded from the dashboard, or by an earlier call whose answer
          // was lost and whose key Stripe has since forgotten (it keeps keys for 24 hours).
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
          throw error;
        }
      }),
  };
}

/** Verifies a webhook's signature over its exact bytes; null when it does not verify. */
export function stripeWebhookVerifier(stripe: Stripe, secret: string) {
  return (rawBody: Buffer, signature: string | undefined): PaymentEvent | null => {
    if (!signature) return null;
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      return null;
    }
    const object = event.data.object as { object?: string };
    const intent = object.object === "payment_intent" ? toProviderIntent(object as Stripe.PaymentIntent) : null;
    return { id: event.id, type: event.type, intent };
  };
}
