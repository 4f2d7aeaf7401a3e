import { type AppError, conflict, notFound, unprocessable } from "../../lib/errors.js";
import type { Payable, PayableToSettle } from "../orders/orders.service.js";

/** Why an order or a checkout cannot be paid as asked, in the words of what it is. */
export interface PayableRefusals {
  /** Paid already (or, for an order, gone on to be shipped or refunded). */
  paid(): AppError;
  /** Cancelled before it was paid: a checkout says so; a cancelled order is not live, so not found. */
  cancelled(): AppError;
  amountMismatch(): AppError;
  amountTooSmall(): AppError;
  amountTooLarge(): AppError;
  notStarted(): AppError;
}

export function payableRefusals({ kind }: Payable): PayableRefusals {
  return {
    paid: () => conflict(`${kind}_paid`, `This ${kind} is already paid.`),
    cancelled: () => (kind === "checkout" ? conflict("checkout_cancelled", "This checkout was cancelled.") : notFound("Order")),
    amountMismatch: () => unprocessable("amount_mismatch", `The amount does not match the ${kind}'s total.`),
    amountTooSmall: () => unprocessable("amount_too_small", `This ${kind}'s total is below the card minimum of $0.50.`),
    amountTooLarge: () => unprocessable("amount_too_large", `This ${kind}'s total is above the card maximum of $999,999.99.`),
    notStarted: () => conflict("payment_not_started", `No payment has been started for this ${kind}.`),
  };
}

/** The refusal of paying what is no longer unpaid; null while it is. */
export function refusalOfSettled({ payable, status }: PayableToSettle): AppError | null {
  if (status === "unpaid") return null;
  return status === "cancelled" ? payableRefusals(payable).cancelled() : payableRefusals(payable).paid();
}
