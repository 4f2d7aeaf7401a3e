/** What confirming a card payment leads to, whichever provider took the card. */
export type PaymentConfirmation = { paymentIntentId: string } | { error: string };

/**
 * A provider's card client as the payment page sees it: Stripe.js behind Stripe's card element, or
 * the shop's sandbox behind its own card form. Card errors come back as `error`, in the provider's
 * words, never as a rejection.
 */
export interface PaymentClient {
  confirm(): Promise<PaymentConfirmation>;
}

/** Sent with the card, as Stripe's `billing_details`: the signed-in buyer's display name and email. */
export interface BillingDetails {
  name: string;
  email: string;
}

/** What a provider's card form needs from the page. */
export interface ProviderFormProps {
  clientSecret: string;
  billing: BillingDetails;
  /** True once the card was accepted: the same order must not be paid twice from this form. */
  locked: boolean;
  onConfirmed: (paymentIntentId: string) => void;
}

/** A client secret is `<intent id>_secret_<secret>`, for Stripe and for the sandbox alike. */
export function intentIdFromClientSecret(clientSecret: string): string {
  const at = clientSecret.indexOf("_secret_");
  return at === -1 ? clientSecret : clientSecret.slice(0, at);
}
