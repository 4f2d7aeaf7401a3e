import { useState } from "react";
import { useConfirmSandboxPayment } from "../api/confirm-sandbox-payment";
import { digitsOnly, formatCardNumber, formatExpiry, parseExpiry } from "../lib/card-input";
import { intentIdFromClientSecret, type PaymentClient, type ProviderFormProps } from "../lib/payment-client";
import { CardPaymentForm } from "./card-payment-form";
import "./payment.css";

type CardPart = "number" | "expiry" | "cvc";

interface CardPartInput {
  part: CardPart;
  label: string;
  /** The browser's autofill token, also the input's name, which older autofill goes by. */
  autoComplete: "cc-number" | "cc-exp" | "cc-csc";
  placeholder: string;
  maxLength: number;
  /** What the input keeps of what was typed, as the buyer sees it. */
  format: (typed: string) => string;
}

const CARD_PARTS: readonly CardPartInput[] = [
  { part: "number", label: "Card number", autoComplete: "cc-number", placeholder: "1234 1234 1234 1234", maxLength: 23, format: formatCardNumber },
  { part: "expiry", label: "Expiry (MM / YY)", autoComplete: "cc-exp", placeholder: "MM / YY", maxLength: 7, format: formatExpiry },
  { part: "cvc", label: "CVC", autoComplete: "cc-csc", placeholder: "CVC", maxLength: 4, format: (typed) => digitsOnly(typed).slice(0, 4) },
];

/** The shop's own card form, for the sandbox provider: it sends the card to the shop, which answers as Stripe's test mode. */
export function SandboxCardForm({ clientSecret, billing, locked, onConfirmed }: ProviderFormProps) {
  const [card, setCard] = useState<Record<CardPart, string>>({ number: "", expiry: "", cvc: "" });
  const confirmCard = useConfirmSandboxPayment();

  const client: PaymentClient = {
    confirm: () =>
      confirmCard.mutateAsync({
        intentId: intentIdFromClientSecret(clientSecret),
        body: {
          clientSecret,
          card: { number: digitsOnly(card.number), ...parseExpiry(card.expiry), cvc: card.cvc },
          billingDetails: billing,
        },
      }),
  };

  return (
    <CardPaymentForm client={client} locked={locked} onConfirmed={onConfirmed}>
      <fieldset className="card-field">
        <legend className="visually-hidden">Card</legend>
        {CARD_PARTS.map(({ part, label, autoComplete, placeholder, maxLength, format }) => (
          <div key={part} className={`card-field-part card-field-${part}`}>
            <label htmlFor={`card-${part}`}>{label}</label>
            <input
              id={`card-${part}`}
              name={autoComplete}
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={placeholder}
              maxLength={maxLength}
              value={card[part]}
              onChange={(event) => {
                const value = format(event.target.value);
                setCard((typed) => ({ ...typed, [part]: value }));
              }}
            />
          </div>
        ))}
      </fieldset>
      <p className="field-hint">
        This is the shop's sandbox: no money moves. Test cards work, e.g. 4242 4242 4242 4242 with any future date and any
        CVC.
      </p>
    </CardPaymentForm>
  );
}
