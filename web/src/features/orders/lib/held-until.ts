/**
 * When an unpaid order's units go back on sale, on the buyer's clock: the time, and the day too when
 * it is not today.
 */
export function heldUntil(releasesAt: string, now = new Date()): string {
  const at = new Date(releasesAt);
  const time = at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString(undefined, { month: "short", day: "numeric" })}, ${time}`;
}
