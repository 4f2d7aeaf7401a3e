import { DEFAULT_ORDER_RULES, type OrderRules } from "../../config/env.js";
import { isDatabaseUnavailable } from "../../db/adapters/pg-errors.js";
import type { Database, Queryable } from "../../db/client.js";
import type { OrderRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { conflict, notFound, serviceUnavailable } from "../../lib/errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { createKeyedBatches } from "../../lib/keyed-batches.js";
import { pageCursors } from "../../lib/page-cursor.js";
import { toDollars } from "../../lib/money.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import { decideBatch, idempotencyPair, NO_TOOL, type NewOrder, outcomesOf, type PlaceOutcome, sameOrder } from "./order-rules.js";
import { orderMail } from "./order-mail.js";
import { idempotencyKeyReused, refusal } from "./order-refusals.js";
import * as repository from "./orders.repository.js";
import type { AdminOrdersPage, AdminOrdersQuery, Order, PlaceOrderBody, ShipOrderBody } from "./orders.schemas.js";

export const toOrder = (row: OrderRow): Order => ({
  _id: row.id,
  toolId: row.toolId,
  toolName: row.toolName,
  userName: row.userName,
  userEmail: row.userEmail,
  userPhone: row.userPhone,
  userAddress: row.userAddress,
  quantityAmount: row.quantity,
  toolPrice: toDollars(row.totalCents),
  // A refunded order was paid (docs/product.md §4.3); the contract's clients must not offer to pay it again.
  paid: row.status === "paid" || row.status === "shipped" || row.status === "refunded",
  shipped: row.status === "shipped",
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  releasesAt: row.status === "unpaid" && row.releasesAt ? row.releasesAt.toISOString() : null,
  transactionId: row.transactionId,
  paidAt: row.paidAt?.toISOString() ?? null,
  shippedAt: row.shippedAt?.toISOString() ?? null,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
  shippingCarrier: row.shippingCarrier,
  trackingNumber: row.trackingNumber,
  cardLast4: row.cardLast4,
});

const RELEASE_BATCH = 500;

const adminPages = pageCursors("admin-orders");

function unitsByTool(held: { toolId: string; quantity: number }[]): [string, number][] {
  const units = new Map<string, number>();
  for (const { toolId, quantity } of held) units.set(toolId, (units.get(toolId) ?? 0) + quantity);
  return [...units].sort(([a], [b]) => a.localeCompare(b));
}

/** The catalog's bound: another instance's change to a buyer's orders shows within a second. */
const ORDER_LIST_MAX_AGE_MS = 500;

const canSee = (principal: Principal, row: OrderRow) => principal.role === "admin" || row.userId === principal.id;

export interface PlacedOrder {
  order: Order;
  /** True when an earlier request with the same Idempotency-Key already placed this order. */
  replayed: boolean;
}

export interface OrdersServiceDependencies {
  tools: ToolsService;
  audit: AuditService;
  /** The buyer is e-mailed at each step, in the step's own transaction. */
  mail: MailService;
  /** Where the e-mail's links lead. */
  shopUrl: string;
  /** How long a new order holds its units unpaid, and how many unpaid orders a buyer may hold. */
  rules?: OrderRules;
}

export function createOrdersService(db: Database, { tools, audit, mail, shopUrl, rules = DEFAULT_ORDER_RULES }: OrdersServiceDependencies) {
  const messages = orderMail(shopUrl);
  /** My Orders is read far more than it changes; a buyer's list is kept for a moment. */
  const lists = createFreshCache<Order[]>({ maxAgeMs: ORDER_LIST_MAX_AGE_MS, maxEntries: 10_000 });
  const listKey = (email: string) => email.trim().toLowerCase();
  /**
   * All Orders' pages, kept for as long as a buyer's list (decision 6's bound): admins page through
   * them far more often than orders change, and any change on this instance forgets them all.
   */
  const adminPagesKept = createFreshCache<AdminOrdersPage>({ maxAgeMs: ORDER_LIST_MAX_AGE_MS, maxEntries: 1000 });
  /** `GET /api/allOrders`: every live order up to its size; past it, the 422 is kept as briefly. */
  const allOrders = wholeListReader(WHOLE_LISTS.orders, { maxAgeMs: ORDER_LIST_MAX_AGE_MS });
  // Called after the commit, so no read can keep a list as it was before the change.
  const ordersChanged = (email: string) => {
    lists.forget(listKey(email));
    adminPagesKept.invalidate();
    allOrders.shrank();
  };

  async function replay(principal: Principal, body: PlaceOrderBody, key: string): Promise<PlacedOrder | null> {
    const earlier = await repository.findByIdempotencyKey(db, principal.id, key);
    if (!earlier) return null;
    if (!sameOrder(earlier, body)) throw idempotencyKeyReused();
    return { order: toOrder(earlier), replayed: true };
  }

  /**
   * Places a batch of orders for one tool in one transaction: the tool's row is locked once, with
   * its buyers, what the rules need is read under those locks, the rules decide each order in turn,
   * and the accepted ones are inserted together and their units taken in one update. `place`
   * reaches it through the keyed batches; one outcome per order, in order.
   */
  function placeBatch(toolId: string, batch: NewOrder[]): Promise<PlaceOutcome[]> {
    return db.transaction(async (tx) => {
      const tool = await tools.stock.lockForOrders(tx, toolId);
      if (!tool) return batch.map(() => NO_TOOL);
      const keyed = batch.flatMap(({ buyer, idempotencyKey }) => (idempotencyKey === null ? [] : [{ buyerId: buyer.id, idempotencyKey }]));
      const usedKeys = new Set((await repository.findUsedKeys(tx, keyed)).map(({ buyerId, idempotencyKey }) => idempotencyPair(buyerId, idempotencyKey)));
      const buyerIds = batch.map(({ buyer }) => buyer.id);
      const unpaidByBuyer = rules.maxUnpaid > 0 ? await repository.lockBuyersAndCountUnpaid(tx, buyerIds) : null;
      // A cancellation or a release of this tool gives its units back under the tool's lock, so
      // none can slip in between this read and the insert.
      const coolingUntil = await repository.findCoolingDown(tx, tool.id, buyerIds, rules.holdMinutes);
      const { decisions, accepted } = decideBatch(batch, { tool, usedKeys, unpaidByBuyer, maxUnpaid: rules.maxUnpaid, holdMinutes: rules.holdMinutes, coolingUntil });
      const inserted = await repository.insertOrders(tx, accepted);
      const taken = inserted.reduce((sum, row) => sum + row.quantity, 0);
      if (taken > 0) await tools.stock.take(tx, tool.id, taken);
      await mail.enqueue(tx, ...inserted.map(messages.placed));
      return outcomesOf(decisions, inserted);
    });
  }

  // Orders for one tool share a transaction while others are running, so a rush on a popular tool
  // costs one row lock and one commit per batch, not per order.
  const batches = createKeyedBatches<NewOrder, PlaceOutcome>(placeBatch, {
    failsWaiting: isDatabaseUnavailable,
    tooBusy: () => serviceUnavailable("Too many orders for this tool are waiting. Please retry in a moment."),
  });

  /** A buyer's own live order, for paying it: another buyer's, even an admin's look at it, is not found. */
  async function ownLive(principal: Principal, id: string): Promise<OrderRow> {
    const row = await repository.findLiveOrder(db, id);
    if (!row || row.userId !== principal.id) throw notFound("Order");
    return row;
  }

  return {
    placeBatch,

    /** Takes the units out of stock and records the order in one transaction. */
    async place(principal: Principal, body: PlaceOrderBody, key?: string): Promise<PlacedOrder> {
      if (key) {
        const earlier = await replay(principal, body, key);
        if (earlier) return earlier;
      }
      const outcome = await batches.submit(body.toolId, {
        toolId: body.toolId,
        quantity: body.quantityAmount,
        buyer: principal,
        userPhone: body.userPhone,
        userAddress: body.userAddress,
        idempotencyKey: key ?? null,
      });
      switch (outcome.kind) {
        case "placed":
          tools.stockChanged();
          ordersChanged(outcome.row.userEmail);
          return { order: toOrder(outcome.row), replayed: false };
        case "key_used": {
          // Another request with this key won the race; nothing was taken for this one.
          const earlier = key ? await replay(principal, body, key) : null;
          if (earlier) return earlier;
          throw conflict("idempotency_key_in_use", "An order with this Idempotency-Key is still being placed. Retry shortly.");
        }
        case "refused":
          throw refusal(outcome, rules);
      }
    },

    async get(principal: Principal, id: string): Promise<Order> {
      const row = await repository.findLiveOrder(db, id);
      // Another buyer's order is reported as missing, so its existence does not leak.
      if (!row || !canSee(principal, row)) throw notFound("Order");
      return toOrder(row);
    },

    /** The live orders of one buyer, newest first; the same array while it is fresh, so its answer is serialized once. */
    listFor(principal: Principal, email: string): Promise<Order[]> {
      assertSelfOrAdmin(principal, email);
      return lists.get(listKey(email), async () => (await repository.listLiveByEmail(db, email)).map(toOrder));
    },

    /**
     * All Orders, a page at a time: newest first, searched and filtered on the server. The same
     * page while it is fresh, as the same object, so its answer is serialized once.
     */
    listForAdmin({ q, status, cursor, limit }: AdminOrdersQuery): Promise<AdminOrdersPage> {
      const search = q ? q.replace(/\s+/g, " ").toLowerCase() : null;
      const view = { status: status ?? null, q: search };
      const afterId = cursor ? adminPages.read(view, cursor) : null;
      return adminPagesKept.get(JSON.stringify([view, afterId, limit]), async () => {
        const rows = await repository.listForAdmin(db, { ...view, afterId, limit: limit + 1 });
        const page = rows.slice(0, limit);
        const next = rows.length > limit ? adminPages.write(view, page.at(-1)!.id) : null;
        return { orders: page.map(toOrder), next };
      });
    },

    /** The takings since the starts of the admin's today and week, and the orders awaiting shipment, for the admin's overview. */
    figures: (since: { today: Date; week: Date }) => repository.figures(db, since),

    /** Every live order, newest first, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
    listAll(): Promise<Order[]> {
      return allOrders.read((limit) => repository.listLive(db, limit), toOrder);
    },

    /** Cancels an unpaid order and puts its units back on the shelf. */
    async cancel(principal: Principal, id: string): Promise<void> {
      const cancelled = await db.transaction(async (tx) => {
        const row = await repository.findLiveOrder(tx, id, { lock: true });
        if (!row || !canSee(principal, row)) throw notFound("Order");
        if (row.status !== "unpaid") throw conflict("order_paid", "A paid order cannot be cancelled.");
        // A buyer's own cancellation starts the tool's cool-down for them (order-rules.ts); an admin's does not.
        const by = row.userId === principal.id ? "buyer" : "shop";
        await repository.markCancelled(tx, row.id, by);
        await tools.stock.giveBack(tx, row.toolId, row.quantity);
        await mail.enqueue(tx, messages.cancelled(row, by));
        // An admin cancelling a buyer's order is an admin action; anyone cancelling their own is not.
        if (row.userId !== principal.id) {
          await audit.record(tx, { actor: principal, action: "order.cancelled", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail } });
        }
        return row;
      });
      tools.stockChanged();
      ordersChanged(cancelled.userEmail);
    },

    /**
     * Cancels unpaid orders whose hold is over and puts their units back, in batches, each batch
     * one transaction. Returns how many orders were released.
     */
    async releaseExpired(): Promise<number> {
      let released = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const held = await repository.cancelUnpaidPastHold(tx, RELEASE_BATCH);
          // One update per tool, in id order, so two runs at once cannot lock tools in a circle.
          for (const [toolId, quantity] of unitsByTool(held)) await tools.stock.giveBack(tx, toolId, quantity);
          await mail.enqueue(tx, ...held.map((row) => messages.cancelled(row, "hold")));
          return held.length;
        });
        released += batch;
        if (batch > 0) tools.stockChanged();
        if (batch < RELEASE_BATCH) return released;
      }
    },

    /** Paid to shipped, once; a second call answers the order as it is and tells no one again. */
    async markShipped(actor: AuditActor, id: string, body?: ShipOrderBody): Promise<Order> {
      const details = { carrier: body?.carrier || null, trackingNumber: body?.trackingNumber || null };
      const shipped = await db.transaction(async (tx) => {
        const row = await repository.markShipped(tx, id, details);
        if (row) {
          await audit.record(tx, { actor, action: "order.shipped", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail, ...details } });
          await mail.enqueue(tx, messages.shipped(row));
        }
        return row;
      });
      if (shipped) {
        ordersChanged(shipped.userEmail);
        return toOrder(shipped);
      }
      const row = await repository.findLiveOrder(db, id);
      if (!row) throw notFound("Order");
      if (row.status === "shipped") return toOrder(row);
      if (row.status === "refunded") throw conflict("order_refunded", "A refunded order cannot be shipped.");
      throw conflict("order_unpaid", "Only a paid order can be shipped.");
    },

    /** What the payments module does to an order; the changes join the caller's transaction. */
    settlement: {
      ownLive,
      /** Any order, cancelled included, locked for the payment that settles it. */
      lock: (tx: Queryable, id: string) => repository.findOrderForPayment(tx, id),
      /**
       * Unpaid to paid, once: a paid order never goes back, and a second success changes nothing.
       * The card's last four digits, when the provider gave them, are kept with the order for its receipt.
       */
      async markPaid(tx: Queryable, id: string, transactionId: string, cardLast4: string | null): Promise<OrderRow | null> {
        const row = await repository.markPaid(tx, id, transactionId, cardLast4);
        // The receipt goes with the payment that settled the order, and with no other.
        if (row) await mail.enqueue(tx, messages.paid(row));
        return row;
      },
      /** The card of a payment that settled the order before the provider said which card it was (a webhook's event does not). */
      recordCard: (tx: Queryable, id: string, transactionId: string, cardLast4: string) => repository.recordCard(tx, id, transactionId, cardLast4),
      /** Called after the settling transaction has committed. */
      paid: ordersChanged,
      /**
       * Paid to refunded, in the caller's transaction (the payments module's, which owes the money
       * back): the units return to stock, the admin's action is audited and the buyer told. Null when
       * the order was not paid, or is shipped or refunded already.
       */
      async markRefunded(tx: Queryable, actor: AuditActor, id: string): Promise<OrderRow | null> {
        const row = await repository.markRefunded(tx, id);
        if (!row) return null;
        await tools.stock.giveBack(tx, row.toolId, row.quantity);
        await audit.record(tx, {
          actor,
          action: "order.refunded",
          target: { type: "order", id: row.id },
          details: { userEmail: row.userEmail, totalCents: row.totalCents, transactionId: row.transactionId },
        });
        await mail.enqueue(tx, messages.refunded(row));
        return row;
      },
      /** Called after the refunding transaction has committed. */
      refunded(email: string) {
        tools.stockChanged();
        ordersChanged(email);
      },
      present: toOrder,
    },

    /** A buyer's orders follow their account to a new email, in the caller's transaction. */
    moveBuyerToEmail: (tx: Queryable, userId: string, email: string) => repository.moveBuyerToEmail(tx, userId, email),
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
