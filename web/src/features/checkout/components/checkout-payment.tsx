import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "react-toastify";
import type { Checkout } from "@api/orders/checkout.schemas";
import { PaymentCheckState } from "@/components/ui/payment-check-state";
import { errorMessage } from "@/lib/api-client";
import { useCheckCheckoutPayment } from "../api/check-checkout-payment";
import { type PaymentIntent, useStartCheckoutPayment } from "../api/create-checkout-payment-intent";

export const PAYMENT_COMPLETED = "Your payment is completed";

/** What the card form is given: the intent to confirm (null while it is on its way), and what to do once the card is accepted. */
export interface CardFormSlot {
  intent: PaymentIntent | null;
  /** True once the card was accepted: the checkout must not be paid twice from this form. */
  locked: boolean;
  onConfirmed: (paymentIntentId: string) => void;
}

interface CheckoutPaymentProps {
  checkout: Checkout;
  /** The payment feature's card form, given by the page that composes this one. */
  cardForm: (slot: CardFormSlot) => ReactNode;
}

/**
 * Paying for every order of a checkout at once: the server's intent for its total, the provider's
 * card form, then the server's own check with the provider, which marks every order paid. The page
 * then shows the checkout as paid, that is its receipt.
 */
export function CheckoutPayment({ checkout, cardForm }: CheckoutPaymentProps) {
  const start = useStartCheckoutPayment();
  const startPayment = start.mutate;
  const check = useCheckCheckoutPayment(checkout._id);
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startPayment({ checkoutId: checkout._id, total: checkout.total });
  }, [checkout._id, checkout.total, startPayment]);

  if (start.data?.status === "paid") return <p className="badge badge-success">This checkout is paid.</p>;
  if (start.isError) {
    return (
      <p role="alert" className="text-error">
        {errorMessage(start.error)}
      </p>
    );
  }

  const confirmWithServer = () => check.mutate(undefined, { onSuccess: () => void toast.success(PAYMENT_COMPLETED) });
  const onConfirmed = (intentId: string) => {
    setPaymentIntentId(intentId);
    confirmWithServer();
  };

  return (
    <>
      {cardForm({ intent: start.data?.status === "ready" ? start.data : null, locked: paymentIntentId !== null, onConfirmed })}
      <PaymentCheckState isPending={check.isPending} error={check.isError ? check.error : null} onRetry={confirmWithServer} />
    </>
  );
}
