import type { OrderRules } from "../../config/env.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../common.schemas.js";
import type { PlaceOutcome } from "./order-rules.js";
import { ABOVE_AQ, BELOW_MOQ } from "./orders.schemas.js";

const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Why an order was not placed, as the buyer should read it; the spec's two alerts word for word. */
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
        `The order total must be at least ${dollars(MINIMUM_CHARGE_CENTS)}, the smallest amount a card can be charged; this order comes to ${dollars(outcome.totalCents)}.`,
      );
    case "total_too_large":
      return unprocessable(
        "order_total_too_large",
        `The order total must be at most ${dollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this order comes to ${dollars(outcome.totalCents)}. Please order fewer units.`,
      );
    case "too_many_unpaid":
      return conflict(
        "too_many_unpaid_orders",
        `You already have ${rules.maxUnpaid} unpaid orders, the most a buyer may hold. Please pay for or cancel one in My Orders, then order again.`,
      );
  }
}

export const idempotencyKeyReused = () => unprocessable("idempotency_key_reused", "This Idempotency-Key was already used for a different order.");
