import type { RunChange } from "../../lib/change.js";
import type { OrderSettlement } from "../orders/orders.service.js";
import type { PaymentProvider } from "./payment-provider.js";
import type { PaymentsStore } from "./payments.store.js";
import type { Refunds } from "./refunds.js";

/** What the payments module's use cases work with. */
export interface PaymentsContext {
  store: PaymentsStore;
  /** Runs a change in one transaction, then what must wait for its commit (the provider's refund). */
  change: RunChange;
  provider: PaymentProvider;
  /** What a payment does to its order or checkout, in the payment's own change. */
  settlement: OrderSettlement;
  /** Gives money back through the provider, once it is recorded as owed. */
  refunds: Refunds;
}
