import { AppError } from "../../lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { PaymentsStore } from "./payments.store.js";

/**
 * One key per intent, whoever asks and however often: the request that found the money unwanted,
 * a redelivered webhook and the sweeper all ask the provider under it, so the provider makes one
 * refund however many of them get through.
 */
export const refundKey = (intentId: string) => `toolshop-refund-${intentId}`;

/** A refund that became due this recently may still be on its way from the request that found it. */
export const REFUND_GRACE_MINUTES = 5;

export interface SweepResult {
  /** Intents whose money went back in this run. */
  refunded: string[];
  /** Intents the provider did not refund this time; they stay due for the next run. */
  stillDue: { intentId: string; error: string }[];
  /** Due intents not asked about, because the provider could not be reached; the next run asks. */
  notTried: number;
}

/** The provider is down rather than refusing this one payment: asking about the others would only wait out more timeouts. */
const providerUnreachable = (error: unknown) => error instanceof AppError && error.status === 503;

/** Money owed back to buyers, given back through the provider. */
export interface Refunds {
  /** Gives an intent's whole amount back and records it refunded; call it only once the refund is recorded as due. */
  refund(intentId: string): Promise<void>;
  /** Asks again for the refunds that stayed due longer than the grace period. */
  retryDue(options?: { graceMinutes?: number }): Promise<SweepResult>;
}

export function createRefunds(store: PaymentsStore, provider: PaymentProvider): Refunds {
  /**
   * Asked only after the transaction that found the refund due has committed: the provider is a
   * network call away, and the sandbox provider writes through a connection of its own, which on
   * the embedded database waits for an open transaction to end.
   */
  async function refund(intentId: string): Promise<void> {
    await provider.refund(intentId, refundKey(intentId));
    await store.markRefunded(intentId);
  }

  /**
   * Refunds that failed where nothing would ask again (the server's own check of an intent, or a
   * payment page reopened): without this the buyer's money would stay with the shop. Failures are
   * left as they are, untouched, for the next run.
   */
  async function retryDue({ graceMinutes = REFUND_GRACE_MINUTES }: { graceMinutes?: number } = {}): Promise<SweepResult> {
    const due = await store.dueRefunds({ provider: provider.name, olderThanMinutes: graceMinutes });
    const result: SweepResult = { refunded: [], stillDue: [], notTried: 0 };
    for (const [index, { intentId }] of due.entries()) {
      try {
        await refund(intentId);
        result.refunded.push(intentId);
      } catch (error) {
        result.stillDue.push({ intentId, error: error instanceof Error ? error.message : String(error) });
        if (providerUnreachable(error)) {
          result.notTried = due.length - index - 1;
          break;
        }
      }
    }
    return result;
  }

  return { refund, retryDue };
}
