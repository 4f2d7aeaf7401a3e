import { assertSelfOrAdmin, type Principal } from "../../lib/auth.js";
import { createFreshCache } from "../../lib/fresh-cache.js";
import { pageCursors } from "../../lib/page-cursor.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import { toOrder } from "./order-wire.js";
import type { AdminOrdersPage, AdminOrdersQuery, Order } from "./orders.schemas.js";
import type { OrdersStore } from "./orders.store.js";

/** The catalog's bound: another instance's change to a buyer's orders shows within a second. */
const ORDER_LIST_MAX_AGE_MS = 500;

const adminPages = pageCursors("admin-orders");

/** The lists of orders as buyers and admins read them (OrdersService says what each answers), and their forgetting. */
export interface OrderLists {
  listFor(principal: Principal, email: string): Promise<Order[]>;
  listForAdmin(query: AdminOrdersQuery): Promise<AdminOrdersPage>;
  listAll(): Promise<Order[]>;
  /**
   * Forgets what the lists keep of a buyer's orders: called once a change to one of them has
   * committed, so no read can keep a list as it was before the change.
   */
  changed(buyerEmail: string): void;
}

export function createOrderLists(store: OrdersStore): OrderLists {
  /** My Orders is read far more than it changes; a buyer's list is kept for a moment. */
  const buyers = createFreshCache<Order[]>({ maxAgeMs: ORDER_LIST_MAX_AGE_MS, maxEntries: 10_000 });
  const buyerKey = (email: string) => email.trim().toLowerCase();
  /**
   * All Orders' pages, kept for as long as a buyer's list (decision 6's bound): admins page through
   * them far more often than orders change, and any change on this instance forgets them all.
   */
  const adminPagesKept = createFreshCache<AdminOrdersPage>({ maxAgeMs: ORDER_LIST_MAX_AGE_MS, maxEntries: 1000 });
  /** `GET /api/allOrders`: every live order up to its size; past it, the 422 is kept as briefly. */
  const allOrders = wholeListReader(WHOLE_LISTS.orders, { maxAgeMs: ORDER_LIST_MAX_AGE_MS });

  return {
    listFor(principal, email) {
      assertSelfOrAdmin(principal, email);
      return buyers.get(buyerKey(email), async () => (await store.listLiveByEmail(email)).map(toOrder));
    },

    listForAdmin({ q, status, cursor, limit }) {
      const search = q ? q.replace(/\s+/g, " ").toLowerCase() : null;
      const view = { status: status ?? null, q: search };
      const afterId = cursor ? adminPages.read(view, cursor) : null;
      return adminPagesKept.get(JSON.stringify([view, afterId, limit]), async () => {
        const rows = await store.listForAdmin({ ...view, afterId, limit: limit + 1 });
        const page = rows.slice(0, limit);
        const next = rows.length > limit ? adminPages.write(view, page.at(-1)!.id) : null;
        return { orders: page.map(toOrder), next };
      });
    },

    listAll: () => allOrders.read((limit) => store.listLive(limit), toOrder),

    changed(buyerEmail) {
      buyers.forget(buyerKey(buyerEmail));
      adminPagesKept.invalidate();
      allOrders.shrank();
    },
  };
}
