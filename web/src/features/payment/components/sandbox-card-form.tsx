import { useState } from "react";
import { useConfirmSandboxPayment } from "../api/confirm-sandbox-payment";
import { digitsOnly, formatCardNumber, formatExpiry, parseExpiry } from "../lib/card-input";
import { intentIdFromClientSecret, type PaymentClient, type ProviderFormProps } from "../lib/payment-client";
import { CardPaymentForm } from "./card-payment-form";
import "./payment.css";

/** The shop's own card form, for the sandbox provider: it sends the card to the shop, which answers as Stripe's test mode. */
export function SandboxCardForm({ clientSecret, billing, locked, onConfirmed }: ProviderFormProps) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const confirmCard = useConfirmSandboxPayment();

  const client: PaymentClient = {
    confirm: () =>
      confirmCard.mutateAsync({
        intentId: intentIdFromClientSecret(clientSecret),
        body: {
          clientSecret,
          card: { number: digitsOnly(number), ...parseExpiry(expiry), cvc },
          billingDetails: billing,
        },
      }),
  };

  return (
    <CardPaymentForm client={client} locked={locked} onConfirmed={onConfirmed}>
      <fieldset className="card-field">
        <legend className="visually-hidden">Card</legend>
        <div className="card-field-part card-field-number">
          <label htmlFor="card-number">Card number</label>
          <input
            id="card-number"
            name="cc-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            value={number}
            onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          />
        </div>
        <div className="card-field-part card-field-expiry">
          <label htmlFor="card-expiry">Expiry (MM / YY)</label>
          <input
            id="card-expiry"
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={7}
            value={expiry}
            onChange={(event) => setExpiry(formatExpiry(event.target.value))}
          />
        </div>
        <div className="card-field-part card-field-cvc">
          <label htmlFor="card-cvc">CVC</label>
          <input
            id="card-cvc"
            name="cc-csc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(digitsOnly(event.target.value).slice(0, 4))}
          />
        </div>
      </fieldset>
      <p className="field-hint">
        This is the shop's sandbox: no money moves. Test cards work, e.g. 4242 4242 4242 4242 with any future date and any
        CVC.
      </p>
    </CardPaymentForm>
  );
}
