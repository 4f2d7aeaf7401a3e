import type { PaymentsSettings } from "../config/env.js";
import { createPaymentsModule } from "../modules/payments/payments.module.js";
import type { SweepResult } from "../modules/payments/payments.service.js";
import { createShopServices } from "../shop-services.js";
import type { Stores } from "../stores/postgres.js";

/**
 * Money that came in without paying an order, or that the shop refunded, goes back to the buyer,
 * even when the provider failed the first time it was asked and nothing else would ask again. Each
 * refund goes under the same key as the first try, so a retry never refunds twice.
 */
export function retryDueRefunds(stores: Stores, payments: PaymentsSettings, options: { graceMinutes?: number; shopUrl?: string } = {}): Promise<SweepResult> {
  const { orders } = createShopServices(stores, { shopUrl: options.shopUrl });
  return createPaymentsModule(stores, payments, { orders }).payments.retryDueRefunds(options);
}

/** One line for the log of a run that did something or left something owed. */
export function describeSweep({ refunded, refundedOrders, stillDue, notTried }: SweepResult): string | null {
  if (refunded.length === 0 && refundedOrders.length === 0 && stillDue.length === 0) return null;
  const parts = [`Refunded ${refunded.length} due payment${refunded.length === 1 ? "" : "s"}`];
  if (refundedOrders.length > 0) parts.push(`refunded ${refundedOrders.length} order${refundedOrders.length === 1 ? "" : "s"} of paid checkouts`);
  if (stillDue.length > 0) {
    parts.push(`still due: ${stillDue.map(({ intentId, orderId, error }) => `${orderId === undefined ? intentId : `${intentId} for order ${orderId}`} (${error})`).join(", ")}`);
  }
  if (notTried > 0) parts.push(`${notTried} more not tried while the provider is unreachable`);
  return parts.join("; ");
}
