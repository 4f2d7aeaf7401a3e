import { randomUUID } from "node:crypto";
import type { Principal } from "../../lib/auth.js";
import { AppError, conflict, serviceUnavailable, unprocessable } from "../../lib/errors.js";
import { createKeyedBatches } from "../../lib/keyed-batches.js";
import { MAXIMUM_CHARGE_CENTS } from "../common.schemas.js";
import type { StockForOrders } from "../tools/tools.service.js";
import type { Checkout, RefusedLine } from "./checkout.schemas.js";
import { type CheckoutRequest, sameCheckout, toCheckout } from "./checkout-wire.js";
import { decideBatch, idempotencyPair, LARGE_ORDER_HOLD_MINUTES } from "./order-rules.js";
import { idempotencyKeyReused, refusal } from "./order-refusals.js";
import type { AcceptedOrder, CheckoutRecord, OrderRecord } from "./orders.store.js";
import type { OrdersContext } from "./orders-context.js";
import { unitsByTool } from "./units-by-tool.js";
import { inDollars } from "../../lib/money.js";

export interface PlacedCheckout {
  checkout: Checkout;
  /** True when an earlier request with the same Idempotency-Key already placed this checkout. */
  replayed: boolean;
}

type Placement =
  | { kind: "placed"; checkout: CheckoutRecord; orders: OrderRecord[] }
  | { kind: "refused"; lines: RefusedLine[] }
  | { kind: "too_large"; totalCents: number }
  | { kind: "too_many_unpaid" }
  | { kind: "key_used" };


/** The problem of a checkout whose lines could not all be placed; its detail names the first. */
function refusedCheckout(lines: RefusedLine[]): AppError {
  const [first] = lines;
  const detail = `${first!.toolName ?? "A tool that is no longer sold"}: ${first!.message}`;
  return new AppError(409, "checkout_refused", "Conflict", detail, undefined, { lines: lines.map((line) => ({ ...line })) });
}

/** A checkout as it waits for its batch: who asks, what, and under which key. */
interface AskedCheckout {
  buyer: Principal;
  request: CheckoutRequest;
  key: string | null;
}

/** How many checkouts of one instance share a transaction at most. */
const CHECKOUT_BATCH = 10;
/**
 * How many lines they may hold together: each line writes its order and, with the others, its tool,
 * so a batch commits a few hundred writes at most; a checkout of more lines goes alone.
 */
const CHECKOUT_BATCH_LINES = 100;

/**
 * A buyer checks out several tools at once: every line becomes one of the shop's orders, grouped
 * under one checkout and paid by one payment, and every line's units leave the stock in one
 * transaction, or none do.
 *
 * The checkouts that arrive at an instance while one runs share the next transaction, as single
 * orders of one tool do (place-order.ts): under a rush, an instance has one checkout change
 * contending for the hot tools, not hundreds. A batch locks its tools in id order, then its buyers,
 * as every placement does (tools, then buyers), so crossing checkouts and single orders never wait
 * on each other in a circle. Each checkout is decided in turn against the stock the ones before it
 * left, each line by the single order's rules (order-rules.ts), and a line priced otherwise than
 * the buyer saw is refused too; a checkout with a refused line takes nothing. A checkout is one
 * hold: it counts once toward the buyer's unpaid orders, and all its orders hold their units until
 * the same moment, the shortest hold one of its lines would have on its own.
 */
export function checkoutPlacing(context: OrdersContext) {
  const { store, rules } = context;

  const batches = createKeyedBatches<AskedCheckout, Placement>((_, batch) => placeBatch(context, batch), {
    maxBatch: CHECKOUT_BATCH,
    maxWeight: CHECKOUT_BATCH_LINES,
    weigh: ({ request }) => request.lines.length,
    failsWaiting: (error) => store.isUnavailable(error),
    tooBusy: () => serviceUnavailable("Too many checkouts are waiting. Please retry in a moment."),
  });

  async function replay(principal: Principal, request: CheckoutRequest, key: string): Promise<PlacedCheckout | null> {
    const earlier = await store.findCheckoutByIdempotencyKey(principal.id, key);
    if (!earlier) return null;
    const orders = await store.findOrders(earlier.orderIds);
    if (!sameCheckout(orders, request)) throw idempotencyKeyReused();
    return { checkout: toCheckout(earlier, orders), replayed: true };
  }

  return async (principal: Principal, request: CheckoutRequest, key?: string): Promise<PlacedCheckout> => {
    if (key) {
      const earlier = await replay(principal, request, key);
      if (earlier) return earlier;
    }
    const outcome = await batches.submit("checkouts", { buyer: principal, request, key: key ?? null });
    switch (outcome.kind) {
      case "placed":
        return { checkout: toCheckout(outcome.checkout, outcome.orders), replayed: false };
      case "refused":
        throw refusedCheckout(outcome.lines);
      case "too_large":
        throw unprocessable(
          "checkout_total_too_large",
          `A checkout's total must be at most ${inDollars(MAXIMUM_CHARGE_CENTS)}, the largest amount a card can be charged at once; this one comes to ${inDollars(outcome.totalCents)}. Please check out fewer units.`,
        );
      case "too_many_unpaid":
        throw refusal({ kind: "refused", reason: "too_many_unpaid" }, rules);
      case "key_used": {
        // Another request with this key won the race; nothing was taken for this one.
        const earlier = key ? await replay(principal, request, key) : null;
        if (earlier) return earlier;
        throw conflict("idempotency_key_in_use", "A checkout with this Idempotency-Key is still being placed. Retry shortly.");
      }
    }
  };
}

/** What the store said about a batch's tools and buyers, read under their locks. */
interface CheckoutFacts {
  tools: Map<string, StockForOrders | null>;
  /** What is left of each tool once the checkouts decided before took theirs. */
  left: Map<string, number>;
  /** The unpaid holds each buyer has, with the checkouts accepted before; null when a buyer may hold any number. */
  held: Map<string, number> | null;
  /** For each tool, when each buyer cooling down on it may hold it unpaid again. */
  cooling: Map<string, ReadonlyMap<string, Date>>;
}

/** Decides one checkout against the facts, and takes what it accepts out of them. */
function decideCheckout({ buyer, request }: AskedCheckout, facts: CheckoutFacts, rules: OrdersContext["rules"]): Placement | { kind: "accepted"; accepted: AcceptedOrder[] } {
  const refused: RefusedLine[] = [];
  const accepted: AcceptedOrder[] = [];
  for (const [index, line] of request.lines.entries()) {
    const tool = facts.tools.get(line.toolId) ?? null;
    const left = facts.left.get(line.toolId) ?? 0;
    const refuse = (code: string, message: string) => refused.push({ index, toolId: line.toolId, toolName: tool?.name ?? null, code, message });
    if (!tool) {
      refuse("no_tool", "This tool is no longer sold.");
      continue;
    }
    if (tool.unitPriceCents !== line.seenUnitPriceCents) {
      refuse("repriced", `The price changed from ${inDollars(line.seenUnitPriceCents)} to ${inDollars(tool.unitPriceCents)}.`);
      continue;
    }
    const order = { ...line, userPhone: request.userPhone, userAddress: request.userAddress, buyer, idempotencyKey: null };
    const { decisions, accepted: lineOrders } = decideBatch([order], {
      tool: { ...tool, stock: left },
      usedKeys: new Set(),
      unpaidByBuyer: null,
      maxUnpaid: rules.maxUnpaid,
      holdMinutes: rules.holdMinutes,
      coolingUntil: facts.cooling.get(line.toolId) ?? new Map(),
    });
    const [decision] = decisions;
    if (decision?.kind === "refused") {
      const problem = refusal(decision, rules);
      refuse(problem.code, problem.detail);
    } else accepted.push(...lineOrders);
  }
  if (refused.length > 0) return { kind: "refused", lines: refused };
  const totalCents = accepted.reduce((sum, order) => sum + order.totalCents, 0);
  if (totalCents > MAXIMUM_CHARGE_CENTS) return { kind: "too_large", totalCents };
  const holds = facts.held?.get(buyer.id) ?? 0;
  if (facts.held && holds >= rules.maxUnpaid) return { kind: "too_many_unpaid" };

  // One hold for the checkout: the shortest its lines would have on their own (decided against what
  // was left, as `decideBatch` holds a line that takes most of a shelf briefly), and the short one
  // for a checkout of more lines than a buyer may hold unpaid orders, which would hold many shelves.
  const longest = rules.maxUnpaid > 0 && accepted.length > rules.maxUnpaid ? Math.min(LARGE_ORDER_HOLD_MINUTES, rules.holdMinutes) : rules.holdMinutes;
  const holdMinutes = Math.min(longest, ...accepted.map((order) => order.holdMinutes));
  for (const order of accepted) facts.left.set(order.toolId, (facts.left.get(order.toolId) ?? 0) - order.quantity);
  facts.held?.set(buyer.id, holds + 1);
  return { kind: "accepted", accepted: accepted.map((order) => ({ ...order, holdMinutes })) };
}

/**
 * Places a batch of checkouts in one transaction: the tools of all of them locked once, in id
 * order, then their buyers; each checkout decided in turn; the accepted ones inserted, their units
 * taken in one update per tool, their lines taken out of their buyers' carts, and each buyer told
 * once. One placement per checkout, in order.
 */
function placeBatch({ store, change, stock, mail, checkoutMessages, lists, rules, cart }: OrdersContext, batch: AskedCheckout[]): Promise<Placement[]> {
  return change(async (work) => {
    const { tx, afterCommit } = work;
    const toolIds = [...new Set(batch.flatMap(({ request }) => request.lines.map((line) => line.toolId)))].sort();
    const tools = new Map<string, StockForOrders | null>();
    for (const toolId of toolIds) tools.set(toolId, await stock.lockForOrders(work, toolId));
    const buyerIds = [...new Set(batch.map(({ buyer }) => buyer.id))];
    const held = rules.maxUnpaid > 0 ? new Map(await store.lockBuyersAndCountUnpaid(tx, buyerIds)) : null;
    // The tools are held already: their cool-downs are read side by side, not one round trip after another.
    const listed = toolIds.filter((toolId) => tools.get(toolId));
    const coolingByTool = await Promise.all(listed.map((toolId) => store.findCoolingDown(tx, toolId, buyerIds, rules.holdMinutes)));
    const cooling = new Map<string, ReadonlyMap<string, Date>>(listed.map((toolId, i) => [toolId, coolingByTool[i]!]));
    const left = new Map([...tools].flatMap(([toolId, tool]) => (tool ? [[toolId, tool.stock] as const] : [])));
    const facts: CheckoutFacts = { tools, left, held, cooling };

    const usedKeys = new Set<string>();
    const placements: Placement[] = [];
    const taken: OrderRecord[] = [];
    for (const asked of batch) {
      // A key is spent by the checkout it placed: a refused one leaves it to the next request that sends it.
      const pair = asked.key === null ? null : idempotencyPair(asked.buyer.id, asked.key);
      if (pair !== null && usedKeys.has(pair)) {
        placements.push({ kind: "key_used" });
        continue;
      }
      const decided = decideCheckout(asked, facts, rules);
      if (decided.kind !== "accepted") {
        placements.push(decided);
        continue;
      }
      const { buyer, request, key } = asked;
      const checkoutId = randomUUID();
      const placed = await store.insertCheckout(
        tx,
        {
          id: checkoutId,
          userId: buyer.id,
          userName: buyer.name,
          userEmail: buyer.email,
          userPhone: request.userPhone,
          userAddress: request.userAddress,
          totalCents: decided.accepted.reduce((sum, order) => sum + order.totalCents, 0),
          idempotencyKey: key,
          orderIds: decided.accepted.map((order) => order.id),
        },
        decided.accepted.map((order) => ({ ...order, checkoutId })),
      );
      if (!placed) {
        // Another instance placed a checkout with this key first; its units and hold go back to this batch's reckoning.
        for (const order of decided.accepted) facts.left.set(order.toolId, (facts.left.get(order.toolId) ?? 0) + order.quantity);
        facts.held?.set(buyer.id, (facts.held.get(buyer.id) ?? 1) - 1);
        placements.push({ kind: "key_used" });
        continue;
      }
      if (pair !== null) usedKeys.add(pair);
      taken.push(...placed.orders);
      await cart.removeLines(tx, buyer.id, placed.orders.map((order) => order.toolId));
      await mail.enqueue(tx, checkoutMessages.placed(placed.checkout, placed.orders));
      afterCommit(() => lists.changed(buyer.email));
      placements.push({ kind: "placed", ...placed });
    }
    // One update per tool, in id order.
    for (const [toolId, quantity] of unitsByTool(taken)) await stock.take(work, toolId, quantity);
    return placements;
  });
}
