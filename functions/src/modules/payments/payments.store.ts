import type { Tx } from "../../lib/change.js";
import type { Payable } from "../orders/orders.service.js";

/**
 * `refund_due`: the money came in for an order or a checkout that could no longer take it, or the
 * shop refunded the order it paid alone, and it has yet to go back.
 */
export const paymentStatuses = ["pending", "succeeded", "failed", "canceled", "refund_due", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** One provider PaymentIntent per attempt to pay an order or a checkout, as the store keeps it. */
export interface PaymentRecord {
  id: string;
  /** What it pays: one order placed on its own, or a checkout (every order it placed). */
  payable: Payable;
  /** 1 for a payable's first attempt, one more for each after it; a canceled intent makes way for the next. */
  attempt: number;
  provider: PaymentProviderName;
  intentId: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  lastError: string | null;
  /** The last four digits of the card, set when the payment settles as succeeded; the provider never gives the shop more of it. */
  cardLast4: string | null;
  createdAt: Date;
  /** When the status last changed: a refund due counts its grace period from it. */
  updatedAt: Date;
}

export type NewPayment = Pick<PaymentRecord, "payable" | "attempt" | "provider" | "intentId" | "amountCents" | "currency">;

export const partialRefundStatuses = ["due", "refunded"] as const;
export type PartialRefundStatus = (typeof partialRefundStatuses)[number];

/**
 * One order's part of a checkout's payment, owed back to the buyer once the shop refunded that order
 * alone: the rest of the payment stays paid for the checkout's other orders. One per order.
 */
export interface PartialRefundRecord {
  orderId: string;
  /** The checkout's payment it is part of. */
  intentId: string;
  /** The provider that holds the money, and alone can give it back. */
  provider: PaymentProviderName;
  /** The order's total: what goes back. */
  amountCents: number;
  status: PartialRefundStatus;
  /** When the status last changed: a refund due counts its grace period from it. */
  updatedAt: Date;
}

export type NewPartialRefund = Pick<PartialRefundRecord, "orderId" | "intentId" | "provider" | "amountCents">;

/**
 * Where the payments and the provider events already handled are kept: the module's port, one
 * implementation per store.
 */
export interface PaymentsStore {
  /** The latest attempt to pay the order or checkout (the highest `attempt`), or null when none was started. */
  latestAttempt(payable: Payable): Promise<PaymentRecord | null>;
  /**
   * Records an attempt as pending. When that attempt of the payable, or that intent, is recorded
   * already (a concurrent request that created the same intent), the first stays and nothing is written.
   */
  recordAttempt(payment: NewPayment): Promise<void>;
  /**
   * The payment of the intent, locked until the change ends: of two changes settling one intent at
   * once, the second waits for the first and reads what it wrote. Null when no payment has the intent.
   */
  lockByIntent(tx: Tx, intentId: string): Promise<PaymentRecord | null>;
  /**
   * The payment that paid the order or checkout (succeeded), locked until the change ends, for the
   * refund that gives it back, whole or in part: of two refunds of one checkout's orders at once, the
   * second waits for the first.
   */
  lockSucceededFor(tx: Tx, payable: Payable): Promise<PaymentRecord | null>;
  /** Sets the payment's status and its last error (null clears it), and the time it changed. */
  setStatus(tx: Tx, id: string, status: PaymentStatus, lastError: string | null): Promise<void>;
  /** The payment paid its order or checkout: succeeded, its error cleared, with the card's last four digits when the provider gave them. */
  markSucceeded(tx: Tx, id: string, cardLast4: string | null): Promise<void>;
  /**
   * Names the card of a succeeded payment whose card was not known, and returns it; null when the
   * intent has no such payment. Set once: of two at once, the second gets null.
   */
  recordCard(tx: Tx, intentId: string, cardLast4: string): Promise<PaymentRecord | null>;
  /**
   * The money of a due refund went back: `refund_due` becomes `refunded`. Whatever else the payment
   * became is not the refund's to change, and is left as it is.
   */
  markRefunded(intentId: string): Promise<void>;
  /**
   * Payments still owed back to their buyer through `provider` (only the provider that holds the
   * money can give it back), due since more than `olderThanMinutes` ago, the longest due first.
   */
  dueRefunds(query: { provider: PaymentProviderName; olderThanMinutes: number }): Promise<Pick<PaymentRecord, "intentId">[]>;
  /**
   * Records an order's part of a checkout's payment as owed back (`due`), in the change that refunds
   * the order. Once per order: true when recorded now; false when the order's part was recorded
   * already, which stays as it is. Of two at once, the second waits for the first and gets false.
   */
  recordPartialRefund(tx: Tx, refund: NewPartialRefund): Promise<boolean>;
  /** The order's part went back: `due` becomes `refunded`, once. */
  markPartialRefunded(orderId: string): Promise<void>;
  /**
   * Orders' parts still owed back through `provider`, due since more than `olderThanMinutes` ago,
   * the longest due first.
   */
  duePartialRefunds(query: { provider: PaymentProviderName; olderThanMinutes: number }): Promise<PartialRefundRecord[]>;
  /**
   * Records a provider event as handled, in the change that handles it: true the first time its id
   * is seen, false for a redelivery. Of two deliveries at once, the second waits for the first's
   * change and gets false (true if that change rolled back).
   */
  claimEvent(tx: Tx, id: string, type: string): Promise<boolean>;
  /** Forgets an event whose handling could not finish, so the provider's redelivery is handled afresh. */
  releaseEvent(id: string): Promise<void>;
}
