import { conflict, notFound } from "../../lib/errors.js";
import type { AuditActor } from "../audit/audit.service.js";
import { toOrder } from "./order-wire.js";
import type { Order, ShipOrderBody } from "./orders.schemas.js";
import type { OrdersContext } from "./orders-context.js";

/**
 * An admin ships a paid order, with the carrier and tracking number when given: paid to shipped,
 * once, audited, and the buyer told. A second call answers the order as it is and tells no one again.
 */
export async function shipOrder({ store, change, audit, mail, messages, lists }: OrdersContext, actor: AuditActor, id: string, body?: ShipOrderBody): Promise<Order> {
  const details = { carrier: body?.carrier || null, trackingNumber: body?.trackingNumber || null };
  const shipped = await change(async ({ tx, afterCommit }) => {
    const row = await store.markShipped(tx, id, details);
    if (row) {
      await audit.record(tx, { actor, action: "order.shipped", target: { type: "order", id: row.id }, details: { userEmail: row.userEmail, ...details } });
      await mail.enqueue(tx, messages.shipped(row));
      afterCommit(() => lists.changed(row.userEmail));
    }
    return row;
  });
  if (shipped) return toOrder(shipped);
  const row = await store.findLive(id);
  if (!row) throw notFound("Order");
  if (row.status === "shipped") return toOrder(row);
  if (row.status === "refunded") throw conflict("order_refunded", "A refunded order cannot be shipped.");
  throw conflict("order_unpaid", "Only a paid order can be shipped.");
}
