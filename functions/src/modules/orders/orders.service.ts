import { DEFAULT_ORDER_RULES, type OrderRules } from "../../config/env.js";
import type { Database } from "../../db/client.js";
import type { OrderRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { conflict, notFound, serviceUnavailable, unprocessable } from "../../lib/errors.js";
import { isDatabaseUnavailable } from "../../db/adapters/pg-errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { createKeyedBatches } from "../../lib/keyed-batches.js";
import { toDollars } from "../../lib/money.js";
import { toJsonBytes } from "../../lib/send-json-bytes.js";
import { type AuditActor, recordAudit } from "../audit/audit.repository.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../payments/payments.schemas.js";
import * as tools from "../tools/tools.repository.js";
import * as repository from "./orders.repository.js";
import type { Order, PlaceOrderBody } from "./orders.schemas.js";

/** The spec's alert texts, sent as the problem detail so any client can show them as they are. */
export const BELOW_MOQ = "Please order more than minimum order quantity";
export const ABOVE_AQ = "Please give order below available unit";

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
  paid: row.status === "paid" || row.status === "shipped",
  shipped: row.status === "shipped",
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  releasesAt: row.status === "unpaid" && row.releasesAt ? row.releasesAt.toISOString() : null,
  transactionId: row.transactionId,
});

const RELEASE_BATCH = 500;

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

export interface OrdersServiceOptions {
  /** Told after an order took units from a tool or gave them back. */
  onStockChange?: () => void;
  /** How long a new order holds its units unpaid, and how many unpaid orders a buyer may hold. */
  rules?: OrderRules;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Why an order was not placed, as the buyer should read it. */
function refusal(outcome: Extract<repository.PlaceOutcome, { kind: "refused" }>, rules: OrderRules) {
  switch (outcome.reason) {
    case "no_tool":
      return notFound("Tool");
    case "below_moq":
      return unprocessable("below_moq", BELOW_MOQ);
    case "above_aq":
      return unprocessable("above_aq", ABOVE_AQ);
    case "total_too_small":
      return unprocessable(
        "order_total_too_small",
        `The order total must be at least ${dollars(MINIMUM_CHARGE_CENTS)}, the smallest amount a card can be charged; this order comes to ${dollars(outcome.totalCents)}.`,
      );
    case "total_too_large":
      return unprocessable(
        "order_total_too_large",
        `The order total must be at most ${dollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this order comes to ${dollars(outcome.totalCents)}. Please order fewer units.`,
      );
    case "too_many_unpaid":
      return conflict(
        "too_many_unpaid_orders",
        `You already have ${rules.maxUnpaid} unpaid orders, the most a buyer may hold. Please pay for or cancel one in My Orders, then order again.`,
      );
  }
}

export function createOrdersService(db: Database, { onStockChange = () => undefined, rules = DEFAULT_ORDER_RULES }: OrdersServiceOptions = {}) {
  async function replay(principal: Principal, body: PlaceOrderBody, key: string): Promise<PlacedOrder | null> {
    const existing = await repository.findByIdempotencyKey(db, principal.id, key);
    if (!existing) return null;
    if (existing.toolId !== body.toolId || existing.quantity !== body.quantityAmount) {
      throw unprocessable("idempotency_key_reused", "This Idempotency-Key was already used for a different order.");
    }
    return { order: toOrder(existing), replayed: true };
  }

  // Orders for one tool share a transaction while others are running, so a rush on a popular tool
  // costs one row lock and one commit per batch, not per order.
  const batches = createKeyedBatches<repository.NewOrder, repository.PlaceOutcome>(
    (toolId, batch) => repository.placeOrders(db, toolId, batch, rules),
    {
      failsWaiting: isDatabaseUnavailable,
      tooBusy: () => serviceUnavailable("Too many orders for this tool are waiting. Please retry in a moment."),
    },
  );

  /** A buyer's live orders as JSON bytes, kept for a moment: My Orders is read far more than it changes. */
  const lists = createFreshCache<Buffer>({ maxAgeMs: ORDER_LIST_MAX_AGE_MS, maxEntries: 10_000 });
  const listKey = (email: string) => email.trim().toLowerCase();
  // Called after the commit, so no read can keep the list as it was before the change.
  const ordersChanged = (email: string) => lists.forget(listKey(email));

  return {
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
          onStockChange();
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

    /** The live orders of one buyer, newest first, as JSON bytes ready to send. */
    async listJsonFor(principal: Principal, email: string): Promise<Buffer> {
      assertSelfOrAdmin(principal, email);
      return lists.get(listKey(email), async () => toJsonBytes((await repository.listLiveByEmail(db, email)).map(toOrder)));
    },

    ordersChanged,

    async listAll(): Promise<Order[]> {
      return (await repository.listLive(db)).map(toOrder);
    },

    /** Cancels an unpaid order and puts its units back on the shelf. */
    async cancel(principal: Principal, id: string): Promise<void> {
      const cancelled = await db.transaction(async (tx) => {
        const row = await repository.findLiveOrder(tx, id, { lock: true });
        if (!row || !canSee(principal, row)) throw notFound("Order");
        if (row.status !== "unpaid") throw conflict("order_paid", "A paid order cannot be cancelled.");
        await repository.markCancelled(tx, row.id);
        await tools.returnStock(tx, row.toolId, row.quantity);
        // An admin cancelling a buyer's order is an admin action; anyone cancelling their own is not.
        if (row.userId !== principal.id) {
          await recordAudit(tx, { actor: principal, action: "order.cancelled", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail } });
        }
        return row;
      });
      onStockChange();
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
          for (const [toolId, quantity] of unitsByTool(held)) await tools.returnStock(tx, toolId, quantity);
          return held.length;
        });
        released += batch;
        if (batch > 0) onStockChange();
        if (batch < RELEASE_BATCH) return released;
      }
    },

    async markShipped(actor: AuditActor, id: string): Promise<Order> {
      const shipped = await db.transaction(async (tx) => {
        const row = await repository.markShipped(tx, id);
        if (row) await recordAudit(tx, { actor, action: "order.shipped", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail } });
        return row;
      });
      if (shipped) {
        ordersChanged(shipped.userEmail);
        return toOrder(shipped);
      }
      const row = await repository.findLiveOrder(db, id);
      if (!row) throw notFound("Order");
      if (row.status === "shipped") return toOrder(row);
      throw conflict("order_unpaid", "Only a paid order can be shipped.");
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
