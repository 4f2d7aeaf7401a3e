import type { Principal } from "../../lib/auth.js";
import type { RunChange } from "../../lib/change.js";
import type { Order } from "../orders/orders.schemas.js";
import type { OrdersService, Payable } from "../orders/orders.service.js";
import { confirmPayment } from "./confirm-payment.js";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.js";
import { refundOrder } from "./refund-order.js";
import type { PaymentsStore } from "./payments.store.js";
import { createRefunds, type SweepResult } from "./refunds.js";
import { settleEvent } from "./settle-payment.js";
import { startPayment } from "./start-payment.js";
import type { PaymentsContext } from "./payments-context.js";

export type { SweepResult } from "./refunds.js";

/** Card payments of orders and checkouts: starting and confirming them, the provider's events, and refunds. */
export interface PaymentsService {
  /** Which provider takes the payments, so the payment page shows its card form. */
  readonly provider: PaymentProvider["name"];
  /** The client secret of the intent a buyer's payment page should use for their unpaid order. */
  start(principal: Principal, request: PaymentRequest): Promise<{ clientSecret: string }>;
  /** The same for a buyer's unpaid checkout: one intent pays every order of it. */
  startCheckout(principal: Principal, checkoutId: string, expectedTotalCents?: number): Promise<{ clientSecret: string }>;
  /**
   * The server asks the provider itself, so a buyer's word never makes an order or a checkout paid.
   * Resolves once it is paid (or was cancelled meanwhile); the caller answers it as it is then.
   */
  confirm(principal: Principal, payable: Payable): Promise<void>;
  /** A provider event, verified by its signature or raised by the sandbox; redeliveries are no-ops. */
  handleEvent(event: PaymentEvent): Promise<void>;
  /**
   * An admin cancels a paid order that has not shipped and its amount goes back to the card: the
   * whole payment of an order paid alone, the order's own total of its checkout's payment.
   */
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
  /** Payments settle orders and checkouts through the orders service, in the settling change. */
  orders: Pick<OrdersService, "settlement">;
}

export function createPaymentsService({ store, change, provider, orders }: PaymentsServiceDependencies): PaymentsService {
  const refunds = createRefunds(store, provider);
  const context: PaymentsContext = { store, change, provider, settlement: orders.settlement, refunds };
  return {
    provider: provider.name,
    start: (principal, { orderId, expectedTotalCents }) => startPayment(context, principal, { kind: "order", id: orderId }, expectedTotalCents),
    startCheckout: (principal, checkoutId, expectedTotalCents) => startPayment(context, principal, { kind: "checkout", id: checkoutId }, expectedTotalCents),
    confirm: (principal, payable) => confirmPayment(context, principal, payable),
    handleEvent: (event) => settleEvent(context, event),
    refundOrder: (actor, orderId) => refundOrder(context, actor, orderId),
    retryDueRefunds: (options) => refunds.retryDue(options),
  };
}
