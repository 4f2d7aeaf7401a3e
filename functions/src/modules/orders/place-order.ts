import type { Principal } from "../../lib/auth.js";
import { conflict, serviceUnavailable } from "../../lib/errors.js";
import { createKeyedBatches } from "../../lib/keyed-batches.js";
import { decideBatch, idempotencyPair, NO_TOOL, type NewOrder, type OrderRequest, outcomesOf, type PlaceOutcome, sameOrder } from "./order-rules.js";
import { idempotencyKeyReused, refusal } from "./order-refusals.js";
import { toOrder } from "./order-wire.js";
import type { PlacedOrder } from "./orders.service.js";
import type { OrdersContext } from "./orders-context.js";

export type PlaceOrder = (principal: Principal, request: OrderRequest, idempotencyKey?: string) => Promise<PlacedOrder>;

/**
 * A buyer places an order: the units leave the stock and the order is recorded in one transaction.
 *
 * A request that repeats an Idempotency-Key answers the order the key placed (`sameOrder` decides
 * whether it asks for the same one). Otherwise the order joins a batch: orders for one tool that
 * arrive while a batch of it is running share the next transaction, so a rush on a popular tool
 * costs one row lock and one commit per batch, not per order.
 */
export function orderPlacing(context: OrdersContext): PlaceOrder {
  const { store, rules } = context;

  const batches = createKeyedBatches<NewOrder, PlaceOutcome>((toolId, batch) => placeBatch(context, toolId, batch), {
    failsWaiting: (error) => store.isUnavailable(error),
    tooBusy: () => serviceUnavailable("Too many orders for this tool are waiting. Please retry in a moment."),
  });

  async function replay(principal: Principal, request: OrderRequest, key: string): Promise<PlacedOrder | null> {
    const earlier = await store.findByIdempotencyKey(principal.id, key);
    if (!earlier) return null;
    if (!sameOrder(earlier, request)) throw idempotencyKeyReused();
    return { order: toOrder(earlier), replayed: true };
  }

  return async (principal, request, key) => {
    if (key) {
      const earlier = await replay(principal, request, key);
      if (earlier) return earlier;
    }
    const outcome = await batches.submit(request.toolId, { ...request, buyer: principal, idempotencyKey: key ?? null });
    switch (outcome.kind) {
      case "placed":
        return { order: toOrder(outcome.row), replayed: false };
      case "key_used": {
        // Another request with this key won the race; nothing was taken for this one.
        const earlier = key ? await replay(principal, request, key) : null;
        if (earlier) return earlier;
        throw conflict("idempotency_key_in_use", "An order with this Idempotency-Key is still being placed. Retry shortly.");
      }
      case "refused":
        throw refusal(outcome, rules);
    }
  };
}

/**
 * Places a batch of orders for one tool in one transaction: the tool's row is locked once, with its
 * buyers, what the rules need is read under those locks, the rules decide each order in turn, and
 * the accepted ones are inserted together and their units taken in one update. One outcome per
 * order, in order.
 */
function placeBatch({ store, change, stock, mail, messages, lists, rules }: OrdersContext, toolId: string, batch: NewOrder[]): Promise<PlaceOutcome[]> {
  return change(async (work) => {
    const { tx, afterCommit } = work;
    const tool = await stock.lockForOrders(work, toolId);
    if (!tool) return batch.map(() => NO_TOOL);
    const keyed = batch.flatMap(({ buyer, idempotencyKey }) => (idempotencyKey === null ? [] : [{ buyerId: buyer.id, idempotencyKey }]));
    const usedKeys = new Set((await store.findUsedKeys(tx, keyed)).map(({ buyerId, idempotencyKey }) => idempotencyPair(buyerId, idempotencyKey)));
    const buyerIds = batch.map(({ buyer }) => buyer.id);
    const unpaidByBuyer = rules.maxUnpaid > 0 ? await store.lockBuyersAndCountUnpaid(tx, buyerIds) : null;
    // A cancellation or a release of this tool gives its units back under the tool's lock, so
    // none can slip in between this read and the insert.
    const coolingUntil = await store.findCoolingDown(tx, tool.id, buyerIds, rules.holdMinutes);
    const { decisions, accepted } = decideBatch(batch, { tool, usedKeys, unpaidByBuyer, maxUnpaid: rules.maxUnpaid, holdMinutes: rules.holdMinutes, coolingUntil });
    const inserted = await store.insertOrders(tx, accepted);
    const taken = inserted.reduce((sum, row) => sum + row.quantity, 0);
    if (taken > 0) await stock.take(work, tool.id, taken);
    await mail.enqueue(tx, ...inserted.map(messages.placed));
    for (const row of inserted) afterCommit(() => lists.changed(row.userEmail));
    return outcomesOf(decisions, inserted);
  });
}
