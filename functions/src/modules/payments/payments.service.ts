import type { Principal } from "../../lib/auth.js";
import type { RunChange } from "../../lib/change.js";
import type { Order } from "../orders/orders.schemas.js";
import type { OrdersService } from "../orders/orders.service.js";
import { confirmPayment } from "./confirm-payment.js";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.js";
import { refundOrder } from "./refund-order.js";
import type { PaymentsStore } from "./payments.store.js";
import { createRefunds, type SweepResult } from "./refunds.js";
import { settleEvent } from "./settle-payment.js";
import { startPayment } from "./start-payment.js";
import type { PaymentsContext } from "./payments-context.js";

export type { SweepResult } from "./refunds.js";

/** Card payments of orders: starting and confirming them, the provider's events, and refunds. */
export interface PaymentsService {
  /** Which provider takes the payments, so the payment page shows its card form. */
  readonly provider: PaymentProvider["name"];
  /** The client secret of the intent a buyer's payment page should use for their unpaid order. */
  start(principal: Principal, request: PaymentRequest): Promise<{ clientSecret: string }>;
  /** The server asks the provider itself, so a buyer's word never makes an order paid. */
  confirm(principal: Principal, orderId: string): Promise<Order>;
  /** A provider event, verified by its signature or raised by the sandbox; redeliveries are no-ops. */
  handleEvent(event: PaymentEvent): Promise<void>;
  /** An admin cancels a paid order that has not shipped and its whole amount goes back to the card. */
  refundOrder(actor: Principal, orderId: string): Promise<Order>;
  /** Refunds left due by a failed call to the provider (jobs/retry-due-refunds.ts). */
  retryDueRefunds(options?: { graceMinutes?: number }): Promise<SweepResult>;
}

/** The order a buyer means to pay, and the total in cents their client expects, when it sent one. */
export interface PaymentRequest {
  orderId: string;
  expectedTotalCents: number | undefined;
}

export interface PaymentsServiceDependencies {
  store: PaymentsStore;
  change: RunChange;
  /** The provider that holds the money: Stripe, the sandbox, or none. */
  provider: PaymentProvider;
  /** Payments settle an order through the orders service, in the settling change. */
  orders: Pick<OrdersService, "settlement">;
}

export function createPaymentsService({ store, change, provider, orders }: PaymentsServiceDependencies): PaymentsService {
  const refunds = createRefunds(store, provider);
  const context: PaymentsContext = { store, change, provider, settlement: orders.settlement, refunds };
  return {
    provider: provider.name,
    start: (principal, request) => startPayment(context, principal, request),
    confirm: (principal, orderId) => confirmPayment(context, principal, orderId),
    handleEvent: (event) => settleEvent(context, event),
    refundOrder: (actor, orderId) => refundOrder(context, actor, orderId),
    retryDueRefunds: (options) => refunds.retryDue(options),
  };
}
