import type { Principal } from "../../lib/auth.js";
import { conflict } from "../../lib/errors.js";
import type { Order } from "../orders/orders.schemas.js";
import type { PaymentsContext } from "./payments-context.js";
import { settlePayment } from "./settle-payment.js";

/**
 * A buyer's payment page says the card went through. The server asks the provider itself, so a
 * buyer's word never makes an order paid; the order is answered as it is then.
 */
export async function confirmPayment(context: PaymentsContext, principal: Principal, orderId: string): Promise<Order> {
  const { store, provider, settlement } = context;
  const order = await settlement.ownLive(principal, orderId);
  if (order.status !== "unpaid") return order.view;
  const latest = await store.latestAttempt(order.id);
  if (!latest) throw conflict("payment_not_started", "No payment has been started for this order.");
  const intent = await provider.retrieveIntent(latest.intentId);
  await settlePayment(context, intent);
  const current = await settlement.ownLive(principal, order.id);
  // Judged by the order, not the outcome: an attempt settled earlier as canceled or mismatched paid nothing.
  if (current.status === "unpaid") throw conflict("payment_incomplete", intent.lastError ?? "The payment has not been completed.");
  return current.view;
}
