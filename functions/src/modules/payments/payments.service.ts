import type { Database, Queryable } from "../../db/client.js";
import type { PaymentRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { toCents } from "../../lib/money.js";
import type { Order } from "../orders/orders.schemas.js";
import type { OrdersService } from "../orders/orders.service.js";
import { type PaymentEvent, type PaymentProvider, type ProviderIntent, SETTLING_EVENTS } from "./payment-provider.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "./payments.schemas.js";
import * as repository from "./payments.repository.js";
import { createRefunds } from "./refunds.js";

const intentKey = (orderId: string, attempt: number) => `toolshop-order-${orderId}-attempt-${attempt}`;

export type Settlement = "paid" | "already_settled" | "failed" | "canceled" | "refund_due" | "refunded" | "pending" | "unknown";

export interface PaymentsServiceDependencies {
  /** Payments settle an order through the orders service, in the settling transaction. */
  orders: OrdersService;
}

/** The orders a settling transaction made paid, to tell their buyers' lists once it has committed. */
type PaidOrders = { orderId: string; userEmail: string; intentId: string; cardLast4: string | null }[];

export function createPaymentsService(db: Database, provider: PaymentProvider, { orders }: PaymentsServiceDependencies) {
  const { refund, retryDue } = createRefunds(db, provider);
  const { settlement } = orders;

  /**
   * A Stripe event names the card's payment method without its details, so an order paid by a
   * webhook learns its card from the provider once the payment is committed. The receipt can do
   * without it: if the provider cannot say now, the order stays paid and its card unknown.
   */
  async function learnCard({ orderId, userEmail, intentId }: PaidOrders[number]): Promise<void> {
    try {
      const { cardLast4 } = await provider.retrieveIntent(intentId);
      if (!cardLast4) return;
      await db.transaction(async (tx) => {
        if (await repository.recordCard(tx, intentId, cardLast4)) await settlement.recordCard(tx, orderId, intentId, cardLast4);
      });
      settlement.paid(userEmail);
    } catch {
      // The payment itself is settled and committed; a provider or database that fails now only leaves the card unnamed.
    }
  }

  async function inTransaction<T>(work: (tx: Queryable, paid: PaidOrders) => Promise<T>): Promise<T> {
    const paid: PaidOrders = [];
    const result = await db.transaction((tx) => work(tx, paid));
    for (const order of paid) settlement.paid(order.userEmail);
    for (const order of paid) if (order.cardLast4 === null) await learnCard(order);
    return result;
  }

  /**
   * Applies what the provider says about an intent. Only a succeeded intent for the order's exact
   * amount and currency makes an unpaid order paid, once. Money that does not pay the order (the
   * wrong amount, or an order cancelled or already paid by another attempt) goes back to the buyer.
   */
  async function settle(tx: Queryable, intent: ProviderIntent, paid: PaidOrders): Promise<Settlement> {
    const payment = await repository.findByIntent(tx, intent.id);
    if (!payment) return "unknown";
    if (intent.status === "succeeded") return settleSuccess(tx, payment, intent, paid);
    // Paid never goes back: a late failure or cancellation of a settled intent changes nothing.
    if (payment.status !== "pending" && payment.status !== "failed") return "already_settled";
    if (intent.status === "canceled") {
      await repository.setStatus(tx, payment.id, "canceled");
      return "canceled";
    }
    if (intent.lastError) {
      await repository.setStatus(tx, payment.id, "failed", intent.lastError);
      return "failed";
    }
    return "pending";
  }

  async function settleSuccess(tx: Queryable, payment: PaymentRow, intent: ProviderIntent, paid: PaidOrders): Promise<Settlement> {
    if (payment.status === "refund_due") return "refund_due";
    if (payment.status === "succeeded" || payment.status === "refunded") return "already_settled";
    const order = await settlement.lock(tx, payment.orderId);
    if (!order || intent.amount !== payment.amountCents || intent.amount !== order.totalCents || intent.currency !== "usd") {
      await repository.setStatus(tx, payment.id, "refund_due", `Charged ${intent.amount} ${intent.currency}, expected ${payment.amountCents} usd`);
      return "refund_due";
    }
    if (await settlement.markPaid(tx, order.id, intent.id, intent.cardLast4)) {
      await repository.markSucceeded(tx, payment.id, intent.cardLast4);
      paid.push({ orderId: order.id, userEmail: order.userEmail, intentId: intent.id, cardLast4: intent.cardLast4 });
      return "paid";
    }
    await repository.setStatus(tx, payment.id, "refund_due", `Order was ${order.status} when the payment succeeded`);
    return "refund_due";
  }

  /** The refund is asked for once the settling transaction has committed; if it fails, the sweeper asks again. */
  async function settleAndRefund(intent: ProviderIntent): Promise<Settlement> {
    const outcome = await inTransaction((tx, paid) => settle(tx, intent, paid));
    if (outcome !== "refund_due") return outcome;
    await refund(intent.id);
    return "refunded";
  }

  /** The intent an open payment page should use, made once per attempt with a key derived from the order. */
  async function currentIntent(orderId: string, amount: number): Promise<ProviderIntent> {
    const latest = await repository.latestForOrder(db, orderId);
    if (latest && (latest.status === "pending" || latest.status === "failed")) {
      const intent = await provider.retrieveIntent(latest.intentId);
      if (intent.status !== "canceled" && intent.status !== "succeeded") return intent;
      const outcome = await settleAndRefund(intent);
      // A canceled intent, or money that went back because it did not pay the order, makes way for a new attempt.
      if (outcome === "paid" || outcome === "already_settled") throw conflict("order_paid", "This order is already paid.");
    }
    const attempt = (latest?.attempt ?? 0) + 1;
    const intent = await provider.createIntent({
      amount,
      currency: "usd",
      metadata: { orderId },
      idempotencyKey: intentKey(orderId, attempt),
    });
    await repository.recordAttempt(db, {
      orderId,
      attempt,
      provider: provider.name,
      intentId: intent.id,
      amountCents: amount,
      currency: "usd",
    });
    return intent;
  }

  return {
    provider: provider.name,

    async start(principal: Principal, orderId: string, clientTotal: number | undefined): Promise<{ clientSecret: string }> {
      const order = await settlement.ownLive(principal, orderId);
      if (order.status !== "unpaid") throw conflict("order_paid", "This order is already paid.");
      if (clientTotal !== undefined && toCents(clientTotal) !== order.totalCents) {
        throw unprocessable("amount_mismatch", "The amount does not match the order's total.");
      }
      // Placing refuses such totals; an order placed before that rule may still have one.
      if (order.totalCents < MINIMUM_CHARGE_CENTS) {
        throw unprocessable("amount_too_small", "This order's total is below the card minimum of $0.50.");
      }
      if (order.totalCents > MAXIMUM_CHARGE_CENTS) {
        throw unprocessable("amount_too_large", "This order's total is above the card maximum of $999,999.99.");
      }
      const intent = await currentIntent(order.id, order.totalCents);
      if (!intent.clientSecret) throw conflict("payment_unavailable", "This payment cannot be continued.");
      return { clientSecret: intent.clientSecret };
    },

    /** The server asks the provider itself, so a buyer's word never makes an order paid. */
    async confirm(principal: Principal, orderId: string): Promise<Order> {
      const order = await settlement.ownLive(principal, orderId);
      if (order.status !== "unpaid") return settlement.present(order);
      const latest = await repository.latestForOrder(db, order.id);
      if (!latest) throw conflict("payment_not_started", "No payment has been started for this order.");
      const intent = await provider.retrieveIntent(latest.intentId);
      await settleAndRefund(intent);
      const current = await settlement.ownLive(principal, order.id);
      // Judged by the order, not the outcome: an attempt settled earlier as canceled or mismatched paid nothing.
      if (current.status === "unpaid") throw conflict("payment_incomplete", intent.lastError ?? "The payment has not been completed.");
      return settlement.present(current);
    },

    /** A provider event, verified by its signature or raised by the sandbox; redeliveries are no-ops. */
    async handleEvent(event: PaymentEvent): Promise<void> {
      const { intent } = event;
      const outcome = await inTransaction(async (tx, paid) => {
        if (!(await repository.claimEvent(tx, event.id, event.type))) return null;
        return intent && SETTLING_EVENTS.has(event.type) ? settle(tx, intent, paid) : null;
      });
      if (outcome !== "refund_due" || !intent) return;
      try {
        await refund(intent.id);
      } catch (error) {
        // The provider answers a failed delivery by sending it again, which tries the refund sooner than the sweeper would.
        await repository.releaseEvent(db, event.id);
        throw error;
      }
    },

    /**
     * An admin cancels a paid order that has not shipped and its whole amount goes back to the card.
     * One transaction makes the order refunded (its units back on sale, the audit entry, the buyer's
     * e-mail) and the payment owed back; the provider is asked after it commits, under the refund's
     * one key, and if it fails the sweeper asks again. A second request finds the order refunded and
     * refunds nothing; shipping, which needs the order paid, cannot overtake it, nor it shipping.
     */
    async refundOrder(actor: Principal, orderId: string): Promise<Order> {
      const outcome = await db.transaction(async (tx) => {
        const order = await settlement.lock(tx, orderId);
        if (!order || order.status === "cancelled") throw notFound("Order");
        if (order.status === "refunded") return { order, intentId: null };
        if (order.status === "shipped") throw conflict("order_shipped", "A shipped order cannot be cancelled and refunded.");
        if (order.status === "unpaid") throw conflict("order_unpaid", "An unpaid order has nothing to refund; cancel it instead.");
        const payment = await repository.succeededForOrder(tx, order.id);
        if (!payment) throw conflict("payment_not_found", "No card payment of this order is known to refund.");
        await repository.setStatus(tx, payment.id, "refund_due", "The shop cancelled the paid order");
        const refunded = await settlement.markRefunded(tx, actor, order.id);
        if (!refunded) throw conflict("order_changed", "The order changed meanwhile. Please reload it.");
        return { order: refunded, intentId: payment.intentId };
      });
      if (outcome.intentId) {
        settlement.refunded(outcome.order.userEmail);
        try {
          await refund(outcome.intentId);
        } catch {
          // Owed and recorded as due: the sweeper (jobs/retry-due-refunds.ts) asks the provider again.
        }
      }
      return settlement.present(outcome.order);
    },

    /** Refunds left due by a failed call to the provider (jobs/retry-due-refunds.ts). */
    retryDueRefunds: retryDue,
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
