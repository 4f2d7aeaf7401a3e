/** Dollars as the shop shows them: `$12`, `$12.50`. */
export function formatDollars(amount: number): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `$${fixed}`;
}
