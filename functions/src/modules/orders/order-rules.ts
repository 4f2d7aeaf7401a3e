import { randomUUID } from "node:crypto";
import type { Principal } from "../../lib/auth.js";
import { MAXIMUM_CHARGE_CENTS, MINIMUM_CHARGE_CENTS } from "../common.schemas.js";
import type { StockForOrders } from "../tools/tools.service.js";
import { orderTotalCents } from "./orders.schemas.js";
import type { AcceptedOrder, OrderRecord } from "./orders.store.js";

/** An order as a buyer asks for it: which tool, how many units, and where to deliver them. */
export interface OrderRequest {
  toolId: string;
  quantity: number;
  userPhone: string;
  userAddress: string;
}

/** One order as a buyer asks for it, with the buyer taken from their token. */
export interface NewOrder extends OrderRequest {
  buyer: { id: string; name: string; email: string };
  idempotencyKey: string | null;
}

export type PlaceOutcome =
  | { kind: "placed"; row: OrderRecord }
  | { kind: "refused"; reason: "no_tool" | "below_moq" | "above_aq" | "too_many_unpaid" }
  /** The total a card could not be charged: below the provider's minimum or above its maximum. */
  | { kind: "refused"; reason: "total_too_small" | "total_too_large"; totalCents: number }
  /** The buyer cancelled an unpaid order of this tool, or let one lapse, too recently to hold it unpaid again. */
  | { kind: "refused"; reason: "hold_cooling_down"; retryAt: Date }
  /** The buyer placed an order with this Idempotency-Key before. */
  | { kind: "key_used" };

export type Decision = Exclude<PlaceOutcome, { kind: "placed" }> | { kind: "accepted"; id: string };

/** What the database said about a batch before it is decided, read under the tool's and the buyers' locks. */
export interface BatchFacts {
  tool: StockForOrders;
  /** The (buyer, Idempotency-Key) pairs, as `idempotencyPair` makes them, that already name an order. */
  usedKeys: ReadonlySet<string>;
  /** How many unpaid orders each buyer holds now; null when a buyer may hold any number. */
  unpaidByBuyer: ReadonlyMap<string, number> | null;
  /** The most unpaid orders a buyer may hold. */
  maxUnpaid: number;
  /** How long an unpaid order holds its units (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /**
   * When each buyer who cancelled an unpaid order of this tool, or let one lapse, within the last
   * hold period may hold it unpaid again; buyers free to order it are absent.
   */
  coolingUntil: ReadonlyMap<string, Date>;
}

/**
 * The longest an order that takes more than half of what is left of a tool holds it unpaid: a buyer
 * who takes most of the shelf must pay soon or let the others have it.
 */
export const LARGE_ORDER_HOLD_MINUTES = 15;

/** How long an order holds its units unpaid: shorter when it takes more than half of the `left` units. */
export const holdMinutesFor = (quantity: number, left: number, holdMinutes: number) =>
  quantity * 2 > left ? Math.min(LARGE_ORDER_HOLD_MINUTES, holdMinutes) : holdMinutes;

export const idempotencyPair = (buyerId: string, idempotencyKey: string) => `${buyerId}\n${idempotencyKey}`;

export const NO_TOOL: Decision & PlaceOutcome = { kind: "refused", reason: "no_tool" };

/**
 * The shop's rules for a batch of orders of one tool, in arrival order: each order is checked
 * against the stock the earlier ones left, a key used before (or earlier in the batch) names the
 * first order and takes nothing, the quantity must be at least the tool's minimum order and at most what is
 * left, the total must be one card payment, a buyer who just cancelled this tool's unpaid order or
 * let one lapse waits one hold period before holding it again, and a buyer may hold only so many
 * unpaid orders. An order that takes more than half of what is left holds it for a short while
 * only. One decision per order, and the rows of the accepted ones.
 */
export function decideBatch(batch: readonly NewOrder[], facts: BatchFacts, newId: () => string = randomUUID): { decisions: Decision[]; accepted: AcceptedOrder[] } {
  const { tool, maxUnpaid, holdMinutes, coolingUntil } = facts;
  const usedKeys = new Set(facts.usedKeys);
  const unpaid = facts.unpaidByBuyer ? new Map(facts.unpaidByBuyer) : null;
  let left = tool.stock;
  const accepted: AcceptedOrder[] = [];
  const decisions = batch.map((order): Decision => {
    // A key is spent by the order it places: a refused one leaves it to the next request that sends it.
    const pair = order.idempotencyKey === null ? null : idempotencyPair(order.buyer.id, order.idempotencyKey);
    if (pair !== null && usedKeys.has(pair)) return { kind: "key_used" };
    if (order.quantity < tool.minOrderQuantity) return { kind: "refused", reason: "below_moq" };
    if (order.quantity > left) return { kind: "refused", reason: "above_aq" };
    const totalCents = orderTotalCents(tool.unitPriceCents, order.quantity);
    if (totalCents < MINIMUM_CHARGE_CENTS) return { kind: "refused", reason: "total_too_small", totalCents };
    if (totalCents > MAXIMUM_CHARGE_CENTS) return { kind: "refused", reason: "total_too_large", totalCents };
    const retryAt = coolingUntil.get(order.buyer.id);
    if (retryAt) return { kind: "refused", reason: "hold_cooling_down", retryAt };
    if (unpaid) {
      const held = unpaid.get(order.buyer.id) ?? 0;
      if (held >= maxUnpaid) return { kind: "refused", reason: "too_many_unpaid" };
      unpaid.set(order.buyer.id, held + 1);
    }
    if (pair !== null) usedKeys.add(pair);
    const hold = holdMinutesFor(order.quantity, left, holdMinutes);
    left -= order.quantity;
    const id = newId();
    accepted.push({
      id,
      toolId: tool.id,
      toolName: tool.name,
      userId: order.buyer.id,
      userName: order.buyer.name,
      userEmail: order.buyer.email,
      userPhone: order.userPhone,
      userAddress: order.userAddress,
      quantity: order.quantity,
      totalCents,
      idempotencyKey: order.idempotencyKey,
      checkoutId: null,
      holdMinutes: hold,
    });
    return { kind: "accepted", id };
  });
  return { decisions, accepted };
}

/**
 * The outcome of each order once the accepted ones were inserted. An accepted order whose row is
 * missing lost its Idempotency-Key to another instance's batch that committed first.
 */
export function outcomesOf(decisions: readonly Decision[], inserted: readonly OrderRecord[]): PlaceOutcome[] {
  const byId = new Map(inserted.map((row) => [row.id, row]));
  return decisions.map((decision): PlaceOutcome => {
    if (decision.kind !== "accepted") return decision;
    const row = byId.get(decision.id);
    return row ? { kind: "placed", row } : { kind: "key_used" };
  });
}

/** Whether a request replaying an Idempotency-Key asks for the same order as the one the key placed. */
export const sameOrder = (earlier: Pick<OrderRecord, "toolId" | "quantity">, asked: Pick<OrderRequest, "toolId" | "quantity">) =>
  earlier.toolId === asked.toolId && earlier.quantity === asked.quantity;

/** An admin sees every order; a buyer only their own, and another buyer's is answered as missing, so its existence does not leak. */
export const canSee = (principal: Pick<Principal, "id" | "role">, order: Pick<OrderRecord, "userId">) =>
  principal.role === "admin" || order.userId === principal.id;
