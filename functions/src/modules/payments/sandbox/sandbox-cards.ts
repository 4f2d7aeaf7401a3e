/** Stripe test mode's card outcomes, so the sandbox behaves as a buyer testing against Stripe expects. */

export interface CardInput {
  number: string;
  expMonth: number | null;
  expYear: number | null;
  cvc: string;
}

export interface CardError {
  code: string;
  declineCode?: string;
  message: string;
}

export type CardOutcome = { ok: true; last4: string } | { ok: false; error: CardError; charged: boolean };

const DECLINES: Record<string, CardError> = {
  "4000000000000002": { code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000000000000069": { code: "expired_card", message: "Your card has expired." },
  "4000000000000127": { code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const refuse = (code: string, message: string): CardOutcome => ({ ok: false, charged: false, error: { code, message } });

/** Checks the card as Stripe.js would before sending it, then answers as Stripe's test cards do. */
export function chargeTestCard(card: CardInput, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, "");
  if (digits.length === 0) return refuse("incomplete_number", "Your card number is incomplete.");
  if (!/^\d+$/.test(digits) || !passesLuhn(digits)) return refuse("invalid_number", "Your card number is invalid.");
  if (digits.length < 13 || digits.length > 19) return refuse("incomplete_number", "Your card number is incomplete.");
  if (card.expMonth === null || card.expYear === null) return refuse("incomplete_expiry", "Your card's expiration date is incomplete.");
  if (card.expMonth < 1 || card.expMonth > 12) return refuse("invalid_expiry_month", "Your card's expiration month is invalid.");
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear) return refuse("invalid_expiry_year_past", "Your card's expiration year is in the past.");
  if (year === thisYear && card.expMonth < thisMonth) return refuse("invalid_expiry_month_past", "Your card's expiration date is in the past.");
  if (year > thisYear + 50) return refuse("invalid_expiry_year", "Your card's expiration year is invalid.");
  if (card.cvc.length === 0) return refuse("incomplete_cvc", "Your card's security code is incomplete.");
  if (!/^\d{3,4}$/.test(card.cvc)) return refuse("invalid_cvc", "Your card's security code is invalid.");
  const decline = DECLINES[digits];
  if (decline) return { ok: false, charged: true, error: decline };
  return { ok: true, last4: digits.slice(-4) };
}
