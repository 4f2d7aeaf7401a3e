import type { OrderRules } from "../../config/env.js";
import { AppError, conflict, notFound, unprocessable } from "../../lib/errors.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../common.schemas.js";
import type { PlaceOutcome } from "./order-rules.js";
import { ABOVE_AQ, BELOW_MOQ } from "./orders.schemas.js";
import { inDollars } from "../../lib/money.js";


const MINUTE_MS = 60_000;

/** A wait as a buyer says it: minutes, hours or days, rounded up. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  if (minutes <= 90) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  if (hours <= 48) return `${hours} hours`;
  return `${Math.ceil(hours / 24)} days`;
}

/** An instant as a buyer reads it, on the minute at or after it, in UTC: the server does not know the buyer's zone. */
const utcMinuteInWords = (at: Date) =>
  `${new Date(Math.ceil(at.getTime() / MINUTE_MS) * MINUTE_MS)
    .toLocaleString("en-US", { timeZone: "UTC", dateStyle: "long", timeStyle: "short" })
    // ICU puts a narrow no-break space before AM/PM; a plain one reads the same everywhere.
    .replace(/\s/g, " ")} UTC`;

/**
 * A buyer who cancelled an unpaid order of a tool, or let one lapse, waits one hold period before
 * holding that tool again; the instant goes with the problem (`retryAt`) for a client to act on.
 */
export function holdCoolingDown(retryAt: Date, now = new Date()) {
  return new AppError(
    409,
    "hold_cooling_down",
    "Conflict",
    `You recently cancelled an unpaid order of this tool, or let one lapse, so you cannot hold it unpaid again yet. You can order it again in ${waitInWords(retryAt.getTime() - now.getTime())}, from ${utcMinuteInWords(retryAt)}.`,
    undefined,
    { retryAt: retryAt.toISOString() },
  );
}

/** Why an order was not placed, as the buyer should read it; the two alerts of docs/product.md §6.2 word for word. */
export function refusal(outcome: Extract<PlaceOutcome, { kind: "refused" }>, rules: OrderRules) {
  switch (outcome.reason) {
    case "no_tool":
      return notFound("Tool");
    case "below_moq":
      return unprocessable("below_moq", BELOW_MOQ);
    case "above_aq":
      return unprocessable("above_aq", ABOVE_AQ);
    case "total_too_small":
      return unprocessable(
        "order_total_too_small",
        `The order total must be at least ${inDollars(MINIMUM_CHARGE_CENTS)}, the smallest amount a card can be charged; this order comes to ${inDollars(outcome.totalCents)}.`,
      );
    case "total_too_large":
      return unprocessable(
        "order_total_too_large",
        `The order total must be at most ${inDollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this order comes to ${inDollars(outcome.totalCents)}. Please order fewer units.`,
      );
    case "too_many_unpaid":
      return conflict(
        "too_many_unpaid_orders",
        `You already have ${rules.maxUnpaid} unpaid orders, the most a buyer may hold. Please pay for or cancel one in My Orders, then order again.`,
      );
    case "hold_cooling_down":
      return holdCoolingDown(outcome.retryAt);
  }
}

export const idempotencyKeyReused = () => unprocessable("idempotency_key_reused", "This Idempotency-Key was already used for a different order.");
