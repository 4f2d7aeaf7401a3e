import { toCents } from "../../lib/money.js";
import type { CheckoutPaymentIntentBody } from "../orders/checkout.schemas.js";
import type { PaymentRequest } from "./payments.service.js";
import type { CreatePaymentIntentBody } from "./payments.schemas.js";

/** The contract's `toolPrice`, the total a client expects to pay in dollars, taken in cents once, here. */
export const paymentRequestOf = ({ orderId, toolPrice }: CreatePaymentIntentBody): PaymentRequest => ({
  orderId,
  expectedTotalCents: toolPrice === undefined ? undefined : toCents(toolPrice),
});

/** The checkout's total a client expects to pay, in dollars on the wire, in cents from here; undefined when it sent none. */
export const expectedCheckoutTotalOf = (body: CheckoutPaymentIntentBody): number | undefined =>
  body?.total === undefined ? undefined : toCents(body.total);
