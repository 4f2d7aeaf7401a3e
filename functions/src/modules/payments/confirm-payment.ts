import type { Principal } from "../../lib/auth.js";
import { conflict } from "../../lib/errors.js";
import type { Payable } from "../orders/orders.service.js";
import { payableRefusals } from "./payable-refusals.js";
import type { PaymentsContext } from "./payments-context.js";
import { settlePayment } from "./settle-payment.js";

/**
 * A buyer's payment page says the card went through. The server asks the provider itself, so a
 * buyer's word never makes an order or a checkout paid; the caller then answers it as it is.
 */
export async function confirmPayment(context: PaymentsContext, principal: Principal, asked: Payable): Promise<void> {
  const { store, provider, settlement } = context;
  const target = await settlement.ownLive(principal, asked);
  // The id as the store spells it, as the attempts were recorded.
  const { payable } = target;
  if (target.status !== "unpaid" && target.status !== "cancelled") return;
  const latest = await store.latestAttempt(payable);
  if (!latest) {
    if (target.status === "cancelled") return;
    throw payableRefusals(payable).notStarted();
  }
  const intent = await provider.retrieveIntent(latest.intentId);
  // A checkout cancelled while its page was open: money its card paid since goes back now, not only when a webhook tells.
  await settlePayment(context, intent);
  if (target.status === "cancelled") return;
  const current = await settlement.ownLive(principal, payable);
  // Judged by what it pays, not the outcome: an attempt settled earlier as canceled or mismatched paid nothing.
  if (current.status === "unpaid") throw conflict("payment_incomplete", intent.lastError ?? "The payment has not been completed.");
}
