/** Dollars as the shop shows them: `$12`, `$12.50`. */
export function formatDollars(amount: number): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  return `$${fixed}`;
}

/** A day as the shop shows it, in the reader's language and time zone: `Nov 22, 2026`. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A moment as the shop shows it, in the reader's language and time zone: `Nov 22, 2026, 05:00 AM`. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return `${formatDate(iso)}, ${at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}`;
}
