import { toCents } from "../../lib/money.js";
import type { PaymentRequest } from "./payments.service.js";
import type { CreatePaymentIntentBody } from "./payments.schemas.js";

/** The contract's `toolPrice`, the total a client expects to pay in dollars, taken in cents once, here. */
export const paymentRequestOf = ({ orderId, toolPrice }: CreatePaymentIntentBody): PaymentRequest => ({
  orderId,
  expectedTotalCents: toolPrice === undefined ? undefined : toCents(toolPrice),
});
