import { DEFAULT_ORDER_RULES, type OrderRules } from "../../config/env.js";
import type { RunChange, Tx, Work } from "../../lib/change.js";
import type { Principal } from "../../lib/auth.js";
import { notFound } from "../../lib/errors.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import { cancelCheckout } from "./cancel-checkout.js";
import { cancelOrder } from "./cancel-order.js";
import type { Checkout } from "./checkout.schemas.js";
import { checkoutMail } from "./checkout-mail.js";
import { type CheckoutRequest, toCheckout } from "./checkout-wire.js";
import { checkoutPlacing, type PlacedCheckout } from "./place-checkout.js";
import { createOrderLists } from "./list-orders.js";
import { orderMail } from "./order-mail.js";
import { canSee, type OrderRequest } from "./order-rules.js";
import { orderSettlement } from "./order-settlement.js";
import { toOrder } from "./order-wire.js";
import { orderPlacing } from "./place-order.js";
import { releaseUnpaidOrders } from "./release-unpaid-orders.js";
import type { AdminOrdersPage, AdminOrdersQuery, Order, ShipOrderBody } from "./orders.schemas.js";
import type { OrderFigures, OrdersStore, OrderStatus } from "./orders.store.js";
import type { CheckoutCart, OrdersContext } from "./orders-context.js";
import { shipOrder } from "./ship-order.js";

export type { OrderRequest } from "./order-rules.js";
export type { CheckoutRequest } from "./checkout-wire.js";
export type { PlacedCheckout } from "./place-checkout.js";
export type { OrderFigures } from "./orders.store.js";

/** Placing, reading, cancelling and shipping orders, and what the payments module does to them. */
export interface OrdersService {
  /**
   * Takes the units out of stock and records the order in one transaction. A repeated
   * Idempotency-Key answers the order it placed first.
   */
  place(principal: Principal, request: OrderRequest, idempotencyKey?: string): Promise<PlacedOrder>;
  /** One live order; another buyer's is reported as missing, so its existence does not leak. */
  get(principal: Principal, id: string): Promise<Order>;
  /** The live orders of one buyer, newest first; the same array while it is fresh, so its answer is serialized once. */
  listFor(principal: Principal, email: string): Promise<Order[]>;
  /**
   * All Orders, a page at a time: newest first, searched and filtered on the server. The same
   * page while it is fresh, as the same object, so its answer is serialized once.
   */
  listForAdmin(query: AdminOrdersQuery): Promise<AdminOrdersPage>;
  /** Every live order, newest first, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
  listAll(): Promise<Order[]>;
  /** The takings since the starts of the admin's today and week, and the orders awaiting shipment, for the admin's overview. */
  figures(since: { today: Date; week: Date }): Promise<OrderFigures>;
  /**
   * Cancels an unpaid order and puts its units back on the shelf; an order of a checkout is
   * cancelled with its checkout. How many orders were cancelled.
   */
  cancel(principal: Principal, id: string): Promise<number>;
  /**
   * Places every line of a checkout as one order, all grouped under the checkout, in one
   * transaction or not at all, and empties the buyer's cart of them. A repeated Idempotency-Key
   * answers the checkout it placed first.
   */
  placeCheckout(principal: Principal, request: CheckoutRequest, idempotencyKey?: string): Promise<PlacedCheckout>;
  /** One checkout with its orders; another buyer's is reported as missing. */
  getCheckout(principal: Principal, id: string): Promise<Checkout>;
  /** Cancels an unpaid checkout: every order of it, every unit back. */
  cancelCheckout(principal: Principal, id: string): Promise<Checkout>;
  /** Cancels the unpaid orders whose hold is over and puts their units back; how many were released. */
  releaseExpired(): Promise<number>;
  /** Paid to shipped, once; a second call answers the order as it is and tells no one again. */
  markShipped(actor: AuditActor, id: string, body?: ShipOrderBody): Promise<Order>;
  /** What the payments module does to an order, in the payment's own change. */
  settlement: OrderSettlement;
  /** A buyer's orders follow their account to a new email, in the caller's transaction. */
  moveBuyerToEmail(tx: Tx, userId: string, email: string): Promise<void>;
}

export interface PlacedOrder {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key already placed this order. */
  replayed: boolean;
}

/**
 * What one card payment pays: one order placed on its own, or a checkout (every order it placed,
 * paid at once). The id is the order's or the checkout's.
 */
export interface Payable {
  kind: "order" | "checkout";
  id: string;
}

/** What a payment pays, as the payments module sees it: what settling it needs. */
export interface PayableToSettle {
  payable: Payable;
  /**
   * `unpaid` until it is paid; an order's own status after that, and a checkout's (`paid`,
   * `cancelled`) read from its orders, which leave `unpaid` together.
   */
  status: OrderStatus;
  /** What its one payment charges: the order's total, or the sum of the checkout's. */
  totalCents: number;
}

/** An order as a refund sees it: what it cost and the payment that paid it (its own, or its checkout's). */
export interface OrderToRefund {
  id: string;
  status: OrderStatus;
  totalCents: number;
  /** What the payment that paid the order paid: the order itself, or its checkout. */
  paidAs: Payable;
  /** The order as the API answers it. */
  view: Order;
}

/** The payments module's part in orders and checkouts. Each change joins the payment's and registers its own after-commit work. */
export interface OrderSettlement {
  /** A buyer's own live order or checkout, for paying it: another buyer's, even an admin's look at it, is not found. */
  ownLive(principal: Principal, payable: Payable): Promise<PayableToSettle>;
  /** Any order or checkout, cancelled included, locked for the payment that settles it (a checkout's orders all). */
  lock(work: Work, payable: Payable): Promise<PayableToSettle | null>;
  /**
   * Unpaid to paid, once, every order of a checkout together: a paid order never goes back, and a
   * second success changes nothing. The card's last four digits, when the provider gave them, are
   * kept with the orders for the receipt, which goes to the buyer once. True when this payment made it paid.
   */
  markPaid(work: Work, payable: Payable, transactionId: string, cardLast4: string | null): Promise<boolean>;
  /** The card of a payment that settled it before the provider said which card it was (a webhook's event does not). */
  recordCard(work: Work, payable: Payable, transactionId: string, cardLast4: string): Promise<void>;
  /** An order, cancelled included, locked for the refund of it. */
  lockForRefund(work: Work, orderId: string): Promise<OrderToRefund | null>;
  /**
   * Paid to refunded (the payments module owes the money back): the units return to stock, the
   * admin's action is audited and the buyer told. Null when the order was not paid, or is shipped
   * or refunded already.
   */
  markRefunded(work: Work, actor: AuditActor, id: string): Promise<OrderToRefund | null>;
}

export interface OrdersServiceDependencies {
  store: OrdersStore;
  change: RunChange;
  tools: Pick<ToolsService, "stock">;
  audit: AuditService;
  /** The buyer is e-mailed at each step, in the step's own transaction. */
  mail: MailService;
  /** Where the e-mail's links lead. */
  shopUrl: string;
  /** How long a new order holds its units unpaid, and how many unpaid orders a buyer may hold. */
  rules?: OrderRules;
  /** The buyers' carts, which a checkout empties of what it placed. */
  cart: CheckoutCart;
}

export function createOrdersService({ store, change, tools, audit, mail, shopUrl, rules = DEFAULT_ORDER_RULES, cart }: OrdersServiceDependencies): OrdersService {
  const lists = createOrderLists(store);
  const context: OrdersContext = {
    store,
    change,
    stock: tools.stock,
    audit,
    mail,
    messages: orderMail(shopUrl),
    checkoutMessages: checkoutMail(shopUrl),
    lists,
    rules,
    cart,
  };
  return {
    place: orderPlacing(context),

    async get(principal, id) {
      const row = await store.findLive(id);
      if (!row || !canSee(principal, row)) throw notFound("Order");
      return toOrder(row);
    },

    listFor: (principal, email) => lists.listFor(principal, email),
    listForAdmin: (query) => lists.listForAdmin(query),
    listAll: () => lists.listAll(),
    figures: (since) => store.figures(since),
    cancel: (principal, id) => cancelOrder(context, principal, id),
    placeCheckout: checkoutPlacing(context),

    async getCheckout(principal, id) {
      const checkout = await store.findCheckout(id);
      if (!checkout || !canSee(principal, checkout)) throw notFound("Checkout");
      return toCheckout(checkout, await store.findOrders(checkout.orderIds));
    },

    cancelCheckout: async (principal, id) => (await cancelCheckout(context, principal, id)).checkout,
    releaseExpired: () => releaseUnpaidOrders(context),
    markShipped: (actor, id, body) => shipOrder(context, actor, id, body),
    settlement: orderSettlement(context),
    moveBuyerToEmail: (tx, userId, email) => store.moveBuyerToEmail(tx, userId, email),
  };
}
