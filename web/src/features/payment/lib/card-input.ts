/** What the sandbox's card form keeps of what a buyer types, and how it shows it. */

const MAX_CARD_DIGITS = 19;

export const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** `4242424242424242` -> `4242 4242 4242 4242`, at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** `1234` -> `12 / 34`; a first digit that can only start one month (`4`) becomes `04`. */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * The month and the two-digit year, or null for a part not typed in full: the sandbox then answers
 * as Stripe does ("Your card's expiration date is incomplete.").
 */
export function parseExpiry(value: string): { expMonth: number | null; expYear: number | null } {
  const digits = digitsOnly(value);
  return {
    expMonth: digits.length >= 2 ? Number(digits.slice(0, 2)) : null,
    expYear: digits.length >= 4 ? Number(digits.slice(2, 4)) : null,
  };
}
