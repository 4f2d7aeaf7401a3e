import { serviceUnavailable } from "../../lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";

const unavailable = async (): Promise<never> => {
  throw serviceUnavailable("Card payments are not configured for this shop.");
};

/** A deployment with neither Stripe keys nor the sandbox switched on takes no payments. */
export const disabledProvider: PaymentProvider = {
  name: "stripe",
  createIntent: unavailable,
  retrieveIntent: unavailable,
  refund: unavailable,
};
