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
  /**
   * The last four digits of the card that paid, for the receipt; null until a card has paid, and in a
   * Stripe event, which names the payment method without its details.
   */
  cardLast4: string | null;
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
  /** What the intent pays, as the provider's dashboard shows it: an order's id or a checkout's. */
  metadata: { orderId: string } | { checkoutId: string };
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as it stands now, with the card that paid it when one has. */
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Gives `amountCents` back, or all that is left of the payment when it is left out; the key makes a
   * retried refund a no-op. Resolves too when the whole payment went back earlier. A refund beyond
   * what is left is refused, as Stripe refuses it.
   */
  refund(intentId: string, idempotencyKey: string, amountCents?: number): Promise<void>;
}

/** Events that settle a payment; anything else from the provider is acknowledged and ignored. */
export const SETTLING_EVENTS = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"]);
