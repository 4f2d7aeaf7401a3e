import type { CardFormSlot } from "@/features/checkout/components/checkout-payment";
import { CheckoutPaymentPage } from "@/features/checkout/routes/checkout-payment";
import { IntentCardForm } from "@/features/payment/components/provider-card-form";
import { useSession } from "@/lib/auth";

/** Pays for a checkout: the checkout is the checkout feature's, the card form the payment feature's. */
export function CheckoutPaymentRoute() {
  const session = useSession();
  const billing = session.status === "signedIn" ? { name: session.displayName, email: session.email } : { name: "", email: "" };
  return <CheckoutPaymentPage cardForm={(slot: CardFormSlot) => <IntentCardForm billing={billing} {...slot} />} />;
}
