import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
// The pure entry adds Stripe's script only when loadStripe is called, not when this module is imported.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import type { PaymentClient, ProviderFormProps } from "../lib/payment-client";
import { CardPaymentForm } from "./card-payment-form";
import "./payment.css";

const COULD_NOT_LOAD = "The card form could not be loaded from Stripe. Check your connection and reload the page.";

let stripeLoading: Promise<Stripe | null> | undefined;

/** Stripe.js comes from Stripe's servers once per visit, and only to a page that takes a card through Stripe. */
function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  stripeLoading ??= loadStripe(publishableKey).catch((error: unknown) => {
    stripeLoading = undefined;
    throw error;
  });
  return stripeLoading;
}

const CARD_STYLE = {
  base: { fontSize: "16px", color: "#1e293b", fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", "::placeholder": { color: "#64748b" } },
  invalid: { color: "#b91c1c" },
};

function StripeCardFields({ clientSecret, billing, locked, onConfirmed }: ProviderFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);

  const client: PaymentClient | null =
    stripe && elements && cardReady
      ? {
          async confirm() {
            const card = elements.getElement(CardElement);
            if (!card) return { error: COULD_NOT_LOAD };
            const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
              payment_method: { card, billing_details: billing },
            });
            if (error) return { error: error.message ?? "Your card could not be charged. Please try another card." };
            // "processing" settles on Stripe's side; the shop's check of the intent waits for it.
            if (paymentIntent.status === "succeeded" || paymentIntent.status === "processing") return { paymentIntentId: paymentIntent.id };
            return { error: "The payment was not completed. Please try again." };
          },
        }
      : null;

  return (
    <CardPaymentForm client={client} locked={locked} onConfirmed={onConfirmed}>
      <div className="field">
        <span className="card-field-label" id="stripe-card-label">
          Card
        </span>
        <div className="card-field card-field-stripe" role="group" aria-labelledby="stripe-card-label">
          <CardElement options={{ style: CARD_STYLE }} onReady={() => setCardReady(true)} />
        </div>
      </div>
    </CardPaymentForm>
  );
}

/** Stripe's card element, in an Elements provider fed by Stripe.js once it has loaded. */
export function StripeCardForm({ publishableKey, ...props }: ProviderFormProps & { publishableKey: string }) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    loadStripeOnce(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setLoadError(COULD_NOT_LOAD);
      },
      () => {
        if (current) setLoadError(COULD_NOT_LOAD);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (loadError) {
    return (
      <p role="alert" className="text-error">
        {loadError}
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
