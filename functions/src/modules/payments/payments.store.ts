import type { Tx } from "../../lib/change.js";

/** `refund_due`: the money came in for an order that could no longer take it, and has yet to go back. */
export const paymentStatuses = ["pending", "succeeded", "failed", "canceled", "refund_due", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** One provider PaymentIntent per attempt to pay an order, as the store keeps it. */
export interface PaymentRecord {
  id: string;
  orderId: string;
  /** 1 for an order's first attempt, one more for each after it; a canceled intent makes way for the next. */
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

export type NewPayment = Pick<PaymentRecord, "orderId" | "attempt" | "provider" | "intentId" | "amountCents" | "currency">;

/**
 * Where the payments and the provider events already handled are kept: the module's port, one
 * implementation per store.
 */
export interface PaymentsStore {
  /** The order's latest attempt to pay (the highest `attempt`), or null when none was started. */
  latestAttempt(orderId: string): Promise<PaymentRecord | null>;
  /**
   * Records an attempt as pending. When that attempt of the order, or that intent, is recorded
   * already (a concurrent request that created the same intent), the first stays and nothing is written.
   */
  recordAttempt(payment: NewPayment): Promise<void>;
  /**
   * The payment of the intent, locked until the change ends: of two changes settling one intent at
   * once, the second waits for the first and reads what it wrote. Null when no payment has the intent.
   */
  lockByIntent(tx: Tx, intentId: string): Promise<PaymentRecord | null>;
  /** The payment that paid the order (succeeded), locked until the change ends, for the refund that gives it back. */
  lockSucceededForOrder(tx: Tx, orderId: string): Promise<PaymentRecord | null>;
  /** Sets the payment's status and its last error (null clears it), and the time it changed. */
  setStatus(tx: Tx, id: string, status: PaymentStatus, lastError: string | null): Promise<void>;
  /** The payment paid its order: succeeded, its error cleared, with the card's last four digits when the provider gave them. */
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
   * Records a provider event as handled, in the change that handles it: true the first time its id
   * is seen, false for a redelivery. Of two deliveries at once, the second waits for the first's
   * change and gets false (true if that change rolled back).
   */
  claimEvent(tx: Tx, id: string, type: string): Promise<boolean>;
  /** Forgets an event whose handling could not finish, so the provider's redelivery is handled afresh. */
  releaseEvent(id: string): Promise<void>;
}
