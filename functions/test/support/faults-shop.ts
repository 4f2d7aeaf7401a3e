import { randomUUID } from "node:crypto";
import { connectDatabase } from "../../src/db/client.js";
import { tools, users } from "../../src/db/schema.js";
import { createTokenService } from "../../src/lib/tokens.js";

/**
 * What the fault tests share: a shop seeded straight into the database, a buyer that orders the
 * way a careful client does, and the books that must balance afterwards.
 */

export const FAULTS_TOKEN_SECRET = "faults-secret-that-is-at-least-32-characters";
export const ORDER_PHONE = "+1 555 0100";
export const ORDER_ADDRESS = "12 Harbour Road, Springfield";
const PRICE_CENTS = 1999;

export interface SeededShop {
  toolId: string;
  toolName: string;
  priceCents: number;
  stock: number;
  buyer: { id: string; email: string; name: string; token: string };
}

/** One tool with `stock` units, and one buyer with an API token, as sign-in would have made them. */
export async function seedShop(databaseUrl: string, stock: number): Promise<SeededShop> {
  const database = connectDatabase({ url: databaseUrl, poolMax: 1 });
  try {
    const run = randomUUID().slice(0, 8);
    const [tool] = await database.db
      .insert(tools)
      .values({ name: `Fault Drill ${run}`, img: "/images/tools/drill.svg", unitPriceCents: PRICE_CENTS, description: "Stock for the fault tests.", minOrderQuantity: 1, stock })
      .returning();
    const [buyer] = await database.db
      .insert(users)
      .values({ firebaseUid: `faults-${run}`, email: `faults-${run}@toolshop.test`, name: `Careful Buyer ${run}` })
      .returning();
    const token = await createTokenService(FAULTS_TOKEN_SECRET, 3600).issue({ userId: buyer!.id, email: buyer!.email });
    return { toolId: tool!.id, toolName: tool!.name, priceCents: PRICE_CENTS, stock, buyer: { id: buyer!.id, email: buyer!.email, name: buyer!.name, token } };
  } finally {
    await database.close();
  }
}

/** One HTTP exchange. `status` is 0 when no answer came: the connection was refused or dropped. */
export interface Attempt {
  key: string;
  sentAt: number;
  answeredAt: number;
  status: number;
  contentType: string | null;
  orderId?: string;
  /** The server found the order an earlier attempt under the same key had placed. */
  replayed: boolean;
}

/** The definitive answer for one Idempotency-Key, after however many attempts it took. */
export interface Outcome {
  key: string;
  status: number;
  orderId?: string;
  attempts: Attempt[];
}

export interface CarefulClientOptions {
  /** The server to ask; a function, so a retry can reach a server started after the first one died. */
  baseUrl: () => string;
  token: string;
  toolId: string;
  quantity?: number;
  retryDelayMs?: number;
  /** A request taking longer is a hang, and is recorded as one (status 0) rather than waited out. */
  requestTimeoutMs?: number;
  /** When a key still has no definitive answer by then, the client gives up and reports its last answer. */
  giveUpAfterMs?: number;
  onAttempt?: (attempt: Attempt) => void;
}

/**
 * Places one order as a careful client does: a 503 or a dropped connection says nothing about
 * whether the order went through, so it asks again with the same Idempotency-Key until it gets a
 * definitive answer. The key makes the retry return the first order if there was one.
 */
export async function placeCarefully(key: string, options: CarefulClientOptions): Promise<Outcome> {
  const { baseUrl, token, toolId, quantity = 1, retryDelayMs = 100, requestTimeoutMs = 30_000, giveUpAfterMs = 60_000, onAttempt } = options;
  const attempts: Attempt[] = [];
  const giveUpAt = performance.now() + giveUpAfterMs;
  for (;;) {
    const sentAt = performance.now();
    let status = 0;
    let contentType: string | null = null;
    let orderId: string | undefined;
    let replayed = false;
    try {
      const response = await fetch(`${baseUrl()}/api/orders`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify({ toolId, quantityAmount: quantity, userPhone: ORDER_PHONE, userAddress: ORDER_ADDRESS }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      status = response.status;
      contentType = response.headers.get("content-type");
      replayed = response.headers.get("idempotent-replayed") === "true";
      const body = (await response.json().catch(() => ({}))) as { _id?: string };
      if (status === 201) orderId = body._id;
    } catch {
      // No answer: refused, reset, or past the timeout. The order may or may not exist.
    }
    const attempt: Attempt = { key, sentAt, answeredAt: performance.now(), status, contentType, orderId, replayed };
    attempts.push(attempt);
    onAttempt?.(attempt);
    if ((status !== 0 && status !== 503) || attempt.answeredAt > giveUpAt) return { key, status, orderId, attempts };
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  }
}

/**
 * `workers` careful clients ordering one unit after another, each under a fresh key, until `stop`
 * is called; `stop` resolves once every order under way has its definitive answer.
 */
export function orderStream(workers: number, options: CarefulClientOptions) {
  const outcomes: Outcome[] = [];
  let stopping = false;
  const worker = async () => {
    while (!stopping) outcomes.push(await placeCarefully(randomUUID(), options));
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    outcomes,
    async stop(): Promise<Outcome[]> {
      stopping = true;
      await done;
      return outcomes;
    },
  };
}

export interface OrderRowSeen {
  id: string;
  idempotencyKey: string | null;
  quantity: number;
  totalCents: number;
  status: string;
  toolName: string;
  userEmail: string;
  userName: string;
  userPhone: string;
  userAddress: string;
}

export interface Books {
  aq: number;
  /** Every order of the tool, cancelled ones included. */
  orders: OrderRowSeen[];
  liveQuantity: number;
}

/** The tool's stock and its orders, read straight from the database. */
export async function readBooks(databaseUrl: string, toolId: string): Promise<Books> {
  const database = connectDatabase({ url: databaseUrl, poolMax: 1 });
  try {
    const [tool] = (await database.pool.query<{ aq: number }>("select aq from tools where id = $1", [toolId])).rows;
    const { rows } = await database.pool.query<OrderRowSeen>(
      `select id, idempotency_key as "idempotencyKey", quantity, total_cents::int as "totalCents", status, tool_name as "toolName",
              user_email as "userEmail", user_name as "userName", user_phone as "userPhone", user_address as "userAddress"
       from orders where tool_id = $1`,
      [toolId],
    );
    const liveQuantity = rows.filter((row) => row.status !== "cancelled").reduce((sum, row) => sum + row.quantity, 0);
    return { aq: tool!.aq, orders: rows, liveQuantity };
  } finally {
    await database.close();
  }
}

/** Keys that appear on more than one order: each is a duplicated order. */
export function duplicatedKeys(books: Books): string[] {
  const seen = new Map<string, number>();
  for (const row of books.orders) if (row.idempotencyKey) seen.set(row.idempotencyKey, (seen.get(row.idempotencyKey) ?? 0) + 1);
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

/** Orders whose fields are not the ones the buyer sent and the catalog priced. */
export function incompleteOrders(books: Books, shop: SeededShop): OrderRowSeen[] {
  return books.orders.filter(
    (row) =>
      row.idempotencyKey === null ||
      row.toolName !== shop.toolName ||
      row.userEmail !== shop.buyer.email ||
      row.userName !== shop.buyer.name ||
      row.userPhone !== ORDER_PHONE ||
      row.userAddress !== ORDER_ADDRESS ||
      row.quantity < 1 ||
      row.totalCents !== Math.trunc(shop.priceCents / 100) * 100 * row.quantity,
  );
}
