import { lazy, Suspense } from "react";
import { env } from "@/config/env";
import type { PaymentIntent } from "../api/create-payment-intent";
import type { ProviderFormProps } from "../lib/payment-client";
import { CardPaymentForm } from "./card-payment-form";
import { SandboxCardForm } from "./sandbox-card-form";
import "./payment.css";

// Stripe's React bindings load only when the server takes the card through Stripe.
const StripeCardForm = lazy(() => import("./stripe-card-form").then((module) => ({ default: module.StripeCardForm })));

export const STRIPE_NOT_CONFIGURED =
  "Card payments are unavailable: this shop takes cards through Stripe, but its web client was built without a Stripe publishable key (VITE_STRIPE_PUBLISHABLE_KEY).";

/** The card form with a disabled Pay, while the intent or the provider's client is on its way. */
export function PreparingForm() {
  return (
    <CardPaymentForm client={null}>
      <p className="muted" role="status">
        Preparing the card form…
      </p>
    </CardPaymentForm>
  );
}

/** The card form of the provider that holds the intent: the shop's sandbox, or Stripe's. */
function ProviderForm({ intent, ...props }: Omit<ProviderFormProps, "clientSecret"> & { intent: PaymentIntent }) {
  if (intent.provider === "sandbox") return <SandboxCardForm clientSecret={intent.clientSecret} {...props} />;
  if (!env.stripePublishableKey) {
    return (
      <p role="alert" className="text-error">
        {STRIPE_NOT_CONFIGURED}
      </p>
    );
  }
  return (
    <Suspense fallback={<PreparingForm />}>
      <StripeCardForm publishableKey={env.stripePublishableKey} clientSecret={intent.clientSecret} {...props} />
    </Suspense>
  );
}

/** The card form for any payment whose intent the page asked for (an order's, a checkout's): preparing while it is null. */
export function IntentCardForm({ intent, ...props }: Omit<ProviderFormProps, "clientSecret"> & { intent: PaymentIntent | null }) {
  return intent ? <ProviderForm intent={intent} {...props} /> : <PreparingForm />;
}
