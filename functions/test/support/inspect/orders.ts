import { Timestamp } from "firebase-admin/firestore";
import type { OrderDocument } from "../../../src/modules/orders/firestore/orders.documents.js";
import type { OrderStatus } from "../../../src/modules/orders/orders.store.js";
import type { TestApi } from "../test-app.js";

// What the orders' tests look at or change of stored orders that no port exposes, on either store.
// Times are the store's clock: the database's on PostgreSQL, the instance's on Firestore.

const orders = (api: TestApi) => api.firestore.collection("orders");

/** Moves the end of these orders' holds to `minutesFromNow` (negative: the hold is already over). */
export async function moveHoldEnd(api: TestApi, orderIds: string[], minutesFromNow: number): Promise<void> {
  if (api.storeKind === "firestore") {
    const releasesAt = Timestamp.fromMillis(Date.now() + minutesFromNow * 60_000);
    await Promise.all(orderIds.map((id) => orders(api).doc(id).update({ releasesAt })));
  } else {
    await api.database.pool.query("update orders set releases_at = now() + make_interval(mins => $2) where id = any($1::uuid[])", [orderIds, minutesFromNow]);
  }
}

/** Moves an order's payment `minutes` earlier, as if it had been paid that long before. */
export async function movePaidEarlier(api: TestApi, orderId: string, minutes: number): Promise<void> {
  if (api.storeKind === "firestore") {
    const ref = orders(api).doc(orderId);
    const paidAt = ((await ref.get()).data() as OrderDocument).paidAt!;
    await ref.update({ paidAt: Timestamp.fromMillis(paidAt.toMillis() - minutes * 60_000) });
  } else {
    await api.database.pool.query("update orders set paid_at = paid_at - make_interval(mins => $2) where id = $1", [orderId, minutes]);
  }
}

/** The units a tool's orders in these statuses ask for, together. */
export async function unitsOrdered(api: TestApi, toolId: string, statuses: readonly OrderStatus[]): Promise<number> {
  if (api.storeKind === "firestore") {
    const snapshot = await orders(api).where("toolId", "==", toolId).get();
    return snapshot.docs.map((doc) => doc.data() as OrderDocument).filter((order) => statuses.includes(order.status)).reduce((sum, order) => sum + order.quantity, 0);
  }
  const result = await api.database.pool.query<{ units: number }>(
    "select coalesce(sum(quantity), 0)::int as units from orders where tool_id = $1 and status = any($2::text[])",
    [toolId, statuses],
  );
  return result.rows[0]!.units;
}
