import { AppError } from "../../lib/errors.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { PartialRefundRecord, PaymentsStore } from "./payments.store.js";

/**
 * One key per intent, whoever asks and however often: the request that found the money unwanted,
 * a redelivered webhook and the sweeper all ask the provider under it, so the provider makes one
 * refund however many of them get through.
 */
export const refundKey = (intentId: string) => `toolshop-refund-${intentId}`;

/** One key per order of a checkout: each order's part of the checkout's payment goes back once, apart from the others'. */
export const partialRefundKey = (intentId: string, orderId: string) => `toolshop-refund-${intentId}-${orderId}`;

/** A refund that became due this recently may still be on its way from the request that found it. */
export const REFUND_GRACE_MINUTES = 5;

export interface SweepResult {
  /** Intents whose whole payment went back in this run. */
  refunded: string[];
  /** Orders of a checkout whose part of its payment went back in this run. */
  refundedOrders: string[];
  /** Refunds the provider did not make this time (an order's part names its order); they stay due for the next run. */
  stillDue: { intentId: string; orderId?: string; error: string }[];
  /** Due refunds not asked about, because the provider could not be reached; the next run asks. */
  notTried: number;
}

/** The provider is down rather than refusing this one payment: asking about the others would only wait out more timeouts. */
const providerUnreachable = (error: unknown) => error instanceof AppError && error.status === 503;

/** Money owed back to buyers, given back through the provider. */
export interface Refunds {
  /** Gives an intent's whole amount back and records it refunded; call it only once the refund is recorded as due. */
  refund(intentId: string): Promise<void>;
  /** Gives an order's part of its checkout's payment back and records it refunded; call it only once that part is recorded as due. */
  refundPart(part: Pick<PartialRefundRecord, "orderId" | "intentId" | "amountCents">): Promise<void>;
  /** Asks again for the refunds, whole and partial, that stayed due longer than the grace period. */
  retryDue(options?: { graceMinutes?: number }): Promise<SweepResult>;
}

/** A refund the sweeper asks for: an intent's whole payment, or an order's part of its checkout's. */
interface DueRefund {
  intentId: string;
  orderId?: string;
  give(): Promise<void>;
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

  async function refundPart({ orderId, intentId, amountCents }: Pick<PartialRefundRecord, "orderId" | "intentId" | "amountCents">): Promise<void> {
    await provider.refund(intentId, partialRefundKey(intentId, orderId), amountCents);
    await store.markPartialRefunded(orderId);
  }

  /** The whole refunds due, then the orders' parts. */
  async function dueRefunds(olderThanMinutes: number): Promise<DueRefund[]> {
    const query = { provider: provider.name, olderThanMinutes };
    const [whole, parts] = await Promise.all([store.dueRefunds(query), store.duePartialRefunds(query)]);
    return [
      ...whole.map(({ intentId }) => ({ intentId, give: () => refund(intentId) })),
      ...parts.map((part) => ({ intentId: part.intentId, orderId: part.orderId, give: () => refundPart(part) })),
    ];
  }

  /**
   * Refunds that failed where nothing would ask again (the server's own check of an intent, a
   * payment page reopened, an admin's refund whose call failed): without this the buyer's money
   * would stay with the shop. Failures are left as they are, untouched, for the next run.
   */
  async function retryDue({ graceMinutes = REFUND_GRACE_MINUTES }: { graceMinutes?: number } = {}): Promise<SweepResult> {
    const due = await dueRefunds(graceMinutes);
    const result: SweepResult = { refunded: [], refundedOrders: [], stillDue: [], notTried: 0 };
    for (const [index, { intentId, orderId, give }] of due.entries()) {
      try {
        await give();
        if (orderId === undefined) result.refunded.push(intentId);
        else result.refundedOrders.push(orderId);
      } catch (error) {
        result.stillDue.push({ intentId, ...(orderId !== undefined && { orderId }), error: error instanceof Error ? error.message : String(error) });
        if (providerUnreachable(error)) {
          result.notTried = due.length - index - 1;
          break;
        }
      }
    }
    return result;
  }

  return { refund, refundPart, retryDue };
}
