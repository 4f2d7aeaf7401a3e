import type { Database } from "../../db/client.js";
import type { OrderRow } from "../../db/schema.js";
import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { conflict, notFound, unprocessable } from "../../lib/errors.js";
import { orderTotalCents, toDollars } from "../../lib/money.js";
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

  async function place(principal: Principal, body: PlaceOrderBody, key: string | undefined): Promise<Order> {
    return db.transaction(async (tx) => {
      const tool = await tools.takeStock(tx, body.toolId, body.quantityAmount);
      if (!tool) {
        const current = await tools.findTool(tx, body.toolId);
        if (!current) throw notFound("Tool");
        if (body.quantityAmount < current.moq) throw unprocessable("below_moq", BELOW_MOQ);
        throw unprocessable("above_aq", ABOVE_AQ);
      }
      const row = await repository.insertOrder(tx, {
        toolId: tool.id,
        toolName: tool.name,
        userId: principal.id,
        userName: principal.name,
        userEmail: principal.email,
        userPhone: body.userPhone,
        userAddress: body.userAddress,
        quantity: body.quantityAmount,
        totalCents: orderTotalCents(tool.priceCents, body.quantityAmount),
        idempotencyKey: key ?? null,
      });
      return toOrder(row);
    });
  }

  return {
    /** Takes the units out of stock and records the order in one transaction. */
    async place(principal: Principal, body: PlaceOrderBody, key?: string): Promise<PlacedOrder> {
      if (key) {
        const earlier = await replay(principal, body, key);
        if (earlier) return earlier;
      }
      try {
        const order = await place(principal, body, key);
        onStockChange();
        return { order, replayed: false };
      } catch (error) {
        // Two requests with one key raced; the loser's transaction rolled back, stock included.
        if (key && isUniqueViolation(error, "orders_user_idempotency_key")) {
          const earlier = await replay(principal, body, key);
          if (earlier) return earlier;
        }
        throw error;
      }
    },

    async get(principal: Principal, id: string): Promise<Order> {
      const row = await repository.findLiveOrder(db, id);
      // Another buyer's order is reported as missing, so its existence does not leak.
      if (!row || !canSee(principal, row)) throw notFound("Order");
      return toOrder(row);
    },

    async listFor(principal: Principal, email: string): Promise<Order[]> {
      assertSelfOrAdmin(principal, email);
      return (await repository.listLiveByEmail(db, email)).map(toOrder);
    },

    async listAll(): Promise<Order[]> {
      return (await repository.listLive(db)).map(toOrder);
    },

    /** Cancels an unpaid order and puts its units back on the shelf. */
    async cancel(principal: Principal, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await repository.findLiveOrder(tx, id, { lock: true });
        if (!row || !canSee(principal, row)) throw notFound("Order");
        if (row.status !== "unpaid") throw conflict("order_paid", "A paid order cannot be cancelled.");
        await repository.markCancelled(tx, row.id);
        await tools.returnStock(tx, row.toolId, row.quantity);
        // An admin cancelling a buyer's order is an admin action; anyone cancelling their own is not.
        if (row.userId !== principal.id) {
          await recordAudit(tx, { actor: principal, action: "order.cancelled", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail } });
        }
      });
      onStockChange();
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
      if (shipped) return toOrder(shipped);
      const row = await repository.findLiveOrder(db, id);
      if (!row) throw notFound("Order");
      if (row.status === "shipped") return toOrder(row);
      throw conflict("order_unpaid", "Only a paid order can be shipped.");
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
