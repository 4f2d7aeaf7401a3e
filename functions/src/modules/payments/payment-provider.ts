/** The part of a PaymentIntent the shop relies on, whichever provider holds it. */
export interface ProviderIntent {
  id: string;
  /** Stripe's PaymentIntent status: succeeded and canceled are final, the rest are on the way. */
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
  /** The provider's message for the last failed attempt, as the buyer should read it. */
  lastError: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  /** Null for events about anything but a PaymentIntent. */
  intent: ProviderIntent | null;
}

export interface CreateIntentInput {
  amount: number;
  currency: "usd";
  metadata: { orderId: string };
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Gives the whole amount back; the key makes a retried refund a no-op. Resolves too when the money went back earlier. */
  refund(intentId: string, idempotencyKey: string): Promise<void>;
}

/** Events that settle a payment; anything else from the provider is acknowledged and ignored. */
export const SETTLING_EVENTS = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"]);
