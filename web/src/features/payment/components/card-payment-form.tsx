import { type FormEvent, type ReactNode, useState } from "react";
import { errorMessage } from "@/lib/api-client";
import type { PaymentClient } from "../lib/payment-client";

interface CardPaymentFormProps {
  /** Null until the provider's client and the intent's client secret are both ready. */
  client: PaymentClient | null;
  locked?: boolean;
  onConfirmed?: (paymentIntentId: string) => void;
  /** The provider's card fields. */
  children: ReactNode;
}

/** The form both providers share: their card fields, the card's error in red, and Pay. */
export function CardPaymentForm({ client, locked = false, onConfirmed, children }: CardPaymentFormProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!client || confirming || locked) return;
    setConfirming(true);
    setError(null);
    try {
      const result = await client.confirm();
      if ("error" in result) setError(result.error);
      else onConfirmed?.(result.paymentIntentId);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <form className="form payment-form" onSubmit={submit} noValidate aria-label="Card payment" aria-busy={confirming}>
      {children}
      {error && (
        <p role="alert" className="text-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={!client || confirming || locked}>
        Pay
      </button>
    </form>
  );
}
