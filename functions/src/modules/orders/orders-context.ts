import type { OrderRules } from "../../config/env.js";
import type { RunChange, Tx } from "../../lib/change.js";
import type { AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolStock } from "../tools/tools.service.js";
import type { CheckoutMail } from "./checkout-mail.js";
import type { OrderLists } from "./list-orders.js";
import type { OrderMail } from "./order-mail.js";
import type { OrdersStore } from "./orders.store.js";

/** The buyer's cart, which a checkout empties of the lines it placed, in its own change. */
export interface CheckoutCart {
  removeLines(tx: Tx, userId: string, toolIds: readonly string[]): Promise<void>;
}

/** What the orders module's use cases work with. */
export interface OrdersContext {
  store: OrdersStore;
  /** Runs a write in one transaction, then what must wait for its commit (the lists forgetting it). */
  change: RunChange;
  /** The tools' stock, which an order takes and gives back in the order's own change. */
  stock: ToolStock;
  /** An admin's change to an order is audited in the change's own transaction. */
  audit: AuditService;
  /** The buyer is e-mailed at each step, in the step's own transaction. */
  mail: MailService;
  messages: OrderMail;
  /** A checkout's e-mail: one message for all its orders. */
  checkoutMessages: CheckoutMail;
  cart: CheckoutCart;
  /** The lists kept in memory; a change registers their forgetting of it after its commit. */
  lists: OrderLists;
  /** How long a new order holds its units unpaid, and how many unpaid orders a buyer may hold. */
  rules: OrderRules;
}
