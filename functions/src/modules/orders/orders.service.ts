import type { Database } from "../../db/client.js";
import type { OrderRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { conflict, notFound, serviceUnavailable, unprocessable } from "../../lib/errors.js";
import { isDatabaseUnavailable } from "../../lib/db-errors.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { createKeyedBatches } from "../../lib/keyed-batches.js";
import { toDollars } from "../../lib/money.js";
import { toJsonBytes } from "../../lib/send-json-bytes.js";
import { type AuditActor, recordAudit } from "../audit/audit.repository.js";
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
  transactionId: row.transactionId,
});

const RELEASE_BATCH = 500;

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
}

export function createOrdersService(db: Database, { onStockChange = () => undefined }: OrdersServiceOptions = {}) {
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
    (toolId, batch) => repository.placeOrders(db, toolId, batch),
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
          if (outcome.reason === "no_tool") throw notFound("Tool");
          if (outcome.reason === "below_moq") throw unprocessable("below_moq", BELOW_MOQ);
          throw unprocessable("above_aq", ABOVE_AQ);
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
     * Cancels unpaid orders older than the hold and puts their units back, in batches, each batch
     * one transaction. Returns how many orders were released.
     */
    async releaseExpired(holdHours: number, now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - holdHours * 3_600_000);
      let released = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const held = await repository.cancelUnpaidBefore(tx, cutoff, RELEASE_BATCH);
          for (const { toolId, quantity } of held) await tools.returnStock(tx, toolId, quantity);
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
