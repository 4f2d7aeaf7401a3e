import type { Tx } from "../../lib/change.js";

export const orderStatuses = ["unpaid", "paid", "shipped", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Who ended an unpaid order: its buyer, an admin (the shop), or the end of its hold. */
export const orderCancellers = ["buyer", "shop", "hold"] as const;
export type OrderCanceller = (typeof orderCancellers)[number];

/** An order as the store keeps it. A live order is one in any status but `cancelled`. */
export interface OrderRecord {
  id: string;
  toolId: string;
  /** The tool's name when the order was placed; a later edit of the tool does not change it. */
  toolName: string;
  userId: string;
  userName: string;
  /** The buyer's email, followed when their account's email changes; My Orders finds orders by it. */
  userEmail: string;
  userPhone: string;
  userAddress: string;
  quantity: number;
  totalCents: number;
  status: OrderStatus;
  /** The buyer's Idempotency-Key; one order per buyer and key. */
  idempotencyKey: string | null;
  createdAt: Date;
  /** When an unpaid order gives its units back: its placement plus the hold of that moment. */
  releasesAt: Date | null;
  paidAt: Date | null;
  shippedAt: Date | null;
  cancelledAt: Date | null;
  /**
   * Who ended an unpaid order. A buyer who cancelled an order or let it lapse may not hold that
   * tool unpaid again for one hold period.
   */
  cancelledBy: OrderCanceller | null;
  transactionId: string | null;
  /** The last four digits of the card that paid, copied from the payment that settled the order, for its receipt. */
  cardLast4: string | null;
  /** When an admin cancelled the paid order and its payment went back to the buyer. */
  refundedAt: Date | null;
  /** Who carries a shipped order and its number with them, when the admin gave them. */
  shippingCarrier: string | null;
  trackingNumber: string | null;
  /** The checkout that placed the order with others, to be paid with them; null for an order placed on its own. */
  checkoutId: string | null;
}

/**
 * Several orders placed at once, to be paid by one payment, as the store keeps it. It never changes
 * once placed: its state is its orders', which leave `unpaid` together (paid, cancelled or released
 * in one change).
 */
export interface CheckoutRecord {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  /** The sum of its orders' totals: what its one payment charges. */
  totalCents: number;
  /** The buyer's Idempotency-Key; one checkout per buyer and key (a namespace apart from the orders'). */
  idempotencyKey: string | null;
  /** Its orders, in the order of the lines the buyer sent. */
  orderIds: string[];
  createdAt: Date;
}

/**
 * An order the rules accepted, as it is to be inserted; the id is chosen first so the inserted
 * record can be matched to it. `holdMinutes` is how long it holds its units unpaid.
 */
export type AcceptedOrder = Pick<
  OrderRecord,
  "id" | "toolId" | "toolName" | "userId" | "userName" | "userEmail" | "userPhone" | "userAddress" | "quantity" | "totalCents" | "idempotencyKey" | "checkoutId"
> & { holdMinutes: number };

/** A checkout as it is to be inserted with its accepted orders; the ids are chosen first. */
export type NewCheckout = Omit<CheckoutRecord, "createdAt">;

/** A buyer's Idempotency-Key. */
export interface KeyOfBuyer {
  buyerId: string;
  idempotencyKey: string;
}

/** What a page of All Orders asks for: a status or every live one, a search, and where the page starts. */
export interface AdminOrdersView {
  status: OrderStatus | null;
  /** Lower case, runs of spaces made one; null is no search. */
  q: string | null;
  /** The id of the order the page before ended on. */
  afterId: string | null;
  limit: number;
}

/** The orders' figures on the admin's overview. */
export interface OrderFigures {
  revenueTodayCents: number;
  revenueWeekCents: number;
  awaitingShipment: number;
}

/**
 * Where the orders are kept: the module's port, one implementation per store. Times that decide
 * (a hold's end, a cool-down, when an order was paid) are the store's clock, the same for every
 * instance. An id that cannot name an order in this store finds none, as a missing one does.
 */
export interface OrdersStore {
  /** A live order; null when there is none with this id. */
  findLive(id: string): Promise<OrderRecord | null>;
  /**
   * A live order, locked for the rest of the change: of two changes to it at once (a cancellation
   * and a payment, two cancellations), the second waits and reads what the first committed.
   */
  lockLive(tx: Tx, id: string): Promise<OrderRecord | null>;
  /** The order a buyer placed with this Idempotency-Key, of any tool and status. */
  findByIdempotencyKey(userId: string, key: string): Promise<OrderRecord | null>;
  /** Which of these keys already name an order, of any tool. */
  findUsedKeys(tx: Tx, keys: KeyOfBuyer[]): Promise<KeyOfBuyer[]>;
  /**
   * Locks each buyer's placing for the rest of the change and counts the unpaid holds each has: an
   * unpaid order placed on its own, or an unpaid checkout, whatever its number of orders
   * (a buyer with none is absent). Every placement locks its tool first and then its buyers in one
   * fixed order, so two changes never wait on each other in a circle; a buyer's orders for other
   * tools, placed at the same moment by other instances, wait here until this change has committed,
   * and are counted then. The lock is the buyer's placing alone: it never waits on a change to the
   * buyer's account.
   */
  lockBuyersAndCountUnpaid(tx: Tx, buyerIds: string[]): Promise<Map<string, number>>;
  /**
   * When each of these buyers may hold the tool unpaid again: one hold period after the last unpaid
   * order of it they cancelled or let lapse (cancelled by `buyer` or `hold`), for the buyers whose
   * period is not over on the store's clock. Buyers free to order it are absent.
   */
  findCoolingDown(tx: Tx, toolId: string, buyerIds: string[], holdMinutes: number): Promise<Map<string, Date>>;
  /**
   * Inserts accepted orders, unpaid, each created now and holding its units for its own
   * `holdMinutes` from now, on the store's clock. An order whose buyer and Idempotency-Key already
   * name an order is not inserted, nor is one whose key another change is inserting at this moment
   * (it waits for that change first): only the orders inserted come back.
   */
  insertOrders(tx: Tx, accepted: AcceptedOrder[]): Promise<OrderRecord[]>;

  /**
   * Inserts a checkout and its accepted orders (each with `checkoutId` set, all holding their units
   * for the same `holdMinutes`), unpaid, created now. Null, and nothing inserted, when the buyer's
   * Idempotency-Key already names a checkout, or another change is inserting one with it at this
   * moment (it waits for that change first).
   */
  insertCheckout(tx: Tx, checkout: NewCheckout, accepted: AcceptedOrder[]): Promise<{ checkout: CheckoutRecord; orders: OrderRecord[] } | null>;
  /** A checkout, whatever its orders' state; null when there is none with this id. */
  findCheckout(id: string): Promise<CheckoutRecord | null>;
  /**
   * A checkout, locked for the rest of the change: of two changes to it at once (a payment and a
   * cancellation), the second waits. Every change to a checkout's orders locks it first.
   */
  lockCheckout(tx: Tx, id: string): Promise<CheckoutRecord | null>;
  /** The checkout a buyer placed with this Idempotency-Key. */
  findCheckoutByIdempotencyKey(userId: string, key: string): Promise<CheckoutRecord | null>;
  /** These orders, of any status, in the order of the ids given (an id naming none is left out). */
  findOrders(ids: string[]): Promise<OrderRecord[]>;
  /** These orders, of any status, locked for the rest of the change in id order, answered in the order given. */
  lockOrders(tx: Tx, ids: string[]): Promise<OrderRecord[]>;
  /**
   * Every order of the checkout unpaid to paid, now, with the payment's transaction and card, and
   * returns them; null, and nothing changed, unless every one of them is unpaid. Call it with the
   * checkout locked.
   */
  markCheckoutPaid(tx: Tx, checkoutId: string, transactionId: string, cardLast4: string | null): Promise<OrderRecord[] | null>;
  /** Every unpaid order of the checkout to cancelled, now, and returns them. Call it with the checkout locked. */
  markCheckoutCancelled(tx: Tx, checkoutId: string, by: Exclude<OrderCanceller, "hold">): Promise<OrderRecord[]>;

  /** The live orders carrying this email (trimmed, in lower case), newest first (by creation, then id). */
  listLiveByEmail(email: string): Promise<OrderRecord[]>;
  /**
   * One page of All Orders, newest first (by creation, then id), after the order `afterId`, at most
   * `limit`: the orders of one status, or every live one. A search keeps the orders whose buyer's
   * email, buyer's name or tool's name (joined by spaces) contain it, case-insensitively, and, when it
   * is eight hex digits, the order whose number (its id's first eight characters) it is.
   */
  listForAdmin(view: AdminOrdersView): Promise<OrderRecord[]>;
  /** Live orders newest first (by creation, then id), at most `limit`. */
  listLive(limit: number): Promise<OrderRecord[]>;
  /**
   * The takings since each instant, of the orders paid since then and not refunded (paid or
   * shipped), and how many paid orders await shipment.
   */
  figures(since: { today: Date; week: Date }): Promise<OrderFigures>;

  /**
   * Unpaid to cancelled, now, by its buyer or by an admin; call it with the order locked (`lockLive`).
   * An order of a checkout is cancelled with its checkout (`markCheckoutCancelled`).
   */
  markCancelled(tx: Tx, id: string, by: Exclude<OrderCanceller, "hold">): Promise<void>;
  /** How many orders one change of the hold's release cancels at most: what the store takes in one transaction. */
  readonly releaseBatch: number;
  /**
   * Cancels up to `limit` unpaid orders whose hold is over, as the hold's cancellations, and returns
   * them. The orders of a checkout share one hold and go together, with the checkout locked as a
   * payment locks it; a batch may so hold a few more than `limit`. An order another change holds right now (a payment, a cancellation) is not cancelled under
   * it: it is passed over (PostgreSQL) or waited for and read again (Firestore), so a payment that
   * commits first keeps its order; the next run sees any order left.
   */
  cancelUnpaidPastHold(tx: Tx, limit: number): Promise<OrderRecord[]>;
  /**
   * Paid to shipped, now, with the carrier and tracking number given; null when the order is not
   * paid. One step: of two at once, the second finds it shipped and gets null.
   */
  markShipped(tx: Tx, id: string, details: { carrier: string | null; trackingNumber: string | null }): Promise<OrderRecord | null>;

  /** Any order, cancelled included, locked for the rest of the change for the payment that settles it. */
  lockForPayment(tx: Tx, id: string): Promise<OrderRecord | null>;
  /**
   * Unpaid to paid, now, once, with the payment's transaction and card; null when the order is not
   * unpaid. One step: of two successes at once, the second finds it paid and gets null.
   */
  markPaid(tx: Tx, id: string, transactionId: string, cardLast4: string | null): Promise<OrderRecord | null>;
  /**
   * Records the card of the payment that settled the order, once: only when the order was settled
   * by this transaction and has no card yet. The buyer's email when it did, null otherwise.
   */
  recordCard(tx: Tx, id: string, transactionId: string, cardLast4: string): Promise<{ userEmail: string } | null>;
  /** Paid to refunded, now, once; null when the order is not paid. One step, as `markPaid`. */
  markRefunded(tx: Tx, id: string): Promise<OrderRecord | null>;

  /**
   * Every order and checkout of this buyer now carries this email, in the caller's change: My Orders finds
   * orders by email, so the owner still sees them and whoever signs up with the old address later
   * does not.
   */
  moveBuyerToEmail(tx: Tx, userId: string, email: string): Promise<void>;

  /**
   * Whether an error says the store could not be reached (a lost connection, a timeout), as opposed
   * to a change it refused: the orders waiting behind a batch that met it would meet it too.
   */
  isUnavailable(error: unknown): boolean;
}
