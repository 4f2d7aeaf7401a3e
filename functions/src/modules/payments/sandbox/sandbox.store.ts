import type { Tx } from "../../../lib/change.js";

export const sandboxIntentStatuses = ["requires_payment_method", "succeeded", "canceled"] as const;
export type SandboxIntentStatus = (typeof sandboxIntentStatuses)[number];

/** A card's refusal as Stripe words it in an intent's `last_payment_error`. */
export interface SandboxPaymentError {
  code: string;
  decline_code?: string;
  message: string;
}

/** One refund of an intent's money, as Stripe keeps it: the key it was made under, and how much went back. */
export interface SandboxRefund {
  idempotencyKey: string;
  /** In cents. */
  amount: number;
}

/** One of the sandbox provider's own PaymentIntents, shaped like Stripe's. Card numbers are never stored. */
export interface SandboxIntentRecord {
  id: string;
  clientSecret: string;
  /** The key the shop created it under: a second creation under the same key gets this intent. */
  idempotencyKey: string;
  /** In cents. */
  amount: number;
  currency: string;
  status: SandboxIntentStatus;
  metadata: Record<string, string>;
  cardLast4: string | null;
  lastError: SandboxPaymentError | null;
  createdAt: Date;
  /** Every refund of its money, the first first: the whole of it, or parts that add up to no more. */
  refunds: SandboxRefund[];
  /** When the last of its money went back; null while any of it has not. */
  refundedAt: Date | null;
}

export type NewSandboxIntent = Pick<SandboxIntentRecord, "id" | "clientSecret" | "idempotencyKey" | "amount" | "currency" | "status" | "metadata">;
export type SandboxIntentChange = Partial<Pick<SandboxIntentRecord, "status" | "cardLast4" | "lastError" | "refunds" | "refundedAt">>;

/** Where the sandbox provider keeps its intents: its port, one implementation per store. */
export interface SandboxStore {
  /**
   * Keeps a new intent and returns it, or returns the intent kept already under its idempotency
   * key. Of two creations under one key at once, both get the same intent.
   */
  createOrGetIntent(intent: NewSandboxIntent): Promise<SandboxIntentRecord>;
  findIntent(id: string): Promise<SandboxIntentRecord | null>;
  /**
   * The intent, locked until the change ends: of two confirmations of one intent at once, the second
   * waits for the first and reads what it wrote. Null when there is no such intent.
   */
  lockIntent(tx: Tx, id: string): Promise<SandboxIntentRecord | null>;
  /** Changes an intent (one the change has locked) and returns it as it is now. */
  updateIntent(tx: Tx, id: string, change: SandboxIntentChange): Promise<SandboxIntentRecord>;
}
