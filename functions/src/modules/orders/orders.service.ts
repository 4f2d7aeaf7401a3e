import { DEFAULT_ORDER_RULES, type OrderRules } from "../../config/env.js";
import type { RunChange, Tx, Work } from "../../lib/change.js";
import type { Principal } from "../../lib/auth.js";
import { notFound } from "../../lib/errors.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import { cancelOrder } from "./cancel-order.js";
import { createOrderLists } from "./list-orders.js";
import { orderMail } from "./order-mail.js";
import { canSee, type OrderRequest } from "./order-rules.js";
import { orderSettlement } from "./order-settlement.js";
import { toOrder } from "./order-wire.js";
import { orderPlacing } from "./place-order.js";
import { releaseUnpaidOrders } from "./release-unpaid-orders.js";
import type { AdminOrdersPage, AdminOrdersQuery, Order, ShipOrderBody } from "./orders.schemas.js";
import type { OrderFigures, OrdersStore, OrderStatus } from "./orders.store.js";
import type { OrdersContext } from "./orders-context.js";
import { shipOrder } from "./ship-order.js";

export type { OrderRequest } from "./order-rules.js";
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
  /** Cancels an unpaid order and puts its units back on the shelf. */
  cancel(principal: Principal, id: string): Promise<void>;
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

/** An order as the payments module sees it: what settling or refunding it needs, and the order to answer with. */
export interface OrderToSettle {
  id: string;
  status: OrderStatus;
  totalCents: number;
  /** The order as the API answers it. */
  view: Order;
}

/** The payments module's part in an order. Each change joins the payment's and registers its own after-commit work. */
export interface OrderSettlement {
  /** A buyer's own live order, for paying it: another buyer's, even an admin's look at it, is not found. */
  ownLive(principal: Principal, id: string): Promise<OrderToSettle>;
  /** Any order, cancelled included, locked for the payment that settles it. */
  lock(work: Work, id: string): Promise<OrderToSettle | null>;
  /**
   * Unpaid to paid, once: a paid order never goes back, and a second success changes nothing. The
   * card's last four digits, when the provider gave them, are kept with the order for its receipt.
   * True when this payment made the order paid.
   */
  markPaid(work: Work, id: string, transactionId: string, cardLast4: string | null): Promise<boolean>;
  /** The card of a payment that settled the order before the provider said which card it was (a webhook's event does not). */
  recordCard(work: Work, id: string, transactionId: string, cardLast4: string): Promise<void>;
  /**
   * Paid to refunded (the payments module owes the money back): the units return to stock, the
   * admin's action is audited and the buyer told. Null when the order was not paid, or is shipped
   * or refunded already.
   */
  markRefunded(work: Work, actor: AuditActor, id: string): Promise<OrderToSettle | null>;
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
}

export function createOrdersService({ store, change, tools, audit, mail, shopUrl, rules = DEFAULT_ORDER_RULES }: OrdersServiceDependencies): OrdersService {
  const lists = createOrderLists(store);
  const context: OrdersContext = { store, change, stock: tools.stock, audit, mail, messages: orderMail(shopUrl), lists, rules };
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
    releaseExpired: () => releaseUnpaidOrders(context),
    markShipped: (actor, id, body) => shipOrder(context, actor, id, body),
    settlement: orderSettlement(context),
    moveBuyerToEmail: (tx, userId, email) => store.moveBuyerToEmail(tx, userId, email),
  };
}
