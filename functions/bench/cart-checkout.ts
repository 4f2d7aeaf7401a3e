import type autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { AggregateField, type Firestore } from "firebase-admin/firestore";
import { connectDatabase, type Database } from "../src/db/client.js";
import { tools, users } from "../src/db/schema.js";
import type { TokenService } from "../src/lib/tokens.js";
import type { Stores } from "../src/stores/postgres.js";

/**
 * The cart and the checkout (issue 23), measured on both stores: one buyer's cart of five lines read
 * again and again, and another buyer checking out one unit of each of the same five tools again and
 * again. Their stock never runs out, and the server runs without the per-buyer limits, so every
 * checkout is placed: what is measured is placing five orders at once, not refusing them.
 */
const BASKET_TOOLS = [
  { name: "Bench Pliers", slug: "pliers-set", unitPriceCents: 1999 },
  { name: "Bench Level", slug: "spirit-level", unitPriceCents: 2450 },
  { name: "Bench Knife", slug: "utility-knife", unitPriceCents: 899 },
  { name: "Bench Saw", slug: "circular-saw", unitPriceCents: 12999 },
  { name: "Bench Tape", slug: "tape-measure", unitPriceCents: 675 },
] as const;

export interface Basket {
  /** The five tools, with the prices a buyer sees. */
  tools: { id: string; unitPriceCents: number }[];
  /** The buyer whose cart holds one line of each tool (once `fillCart` has run). */
  cartToken: string;
  /** The buyer who checks out all five. */
  checkoutToken: string;
}

/** Where the basket's scenarios are asked: an API server on either store, and the basket seeded there. */
export interface BasketTarget {
  api: string;
  basket: Basket;
}

/** For each of a run's tools: the units its live orders hold, and whether they and its stock still add up to the stock it had. */
export interface StockCheck {
  sold: number[];
  balances: boolean;
}

const toolOf = ({ name, slug, unitPriceCents }: (typeof BASKET_TOOLS)[number], stock: number) => ({
  name,
  img: `/images/tools/${slug}.svg`,
  unitPriceCents,
  description: "Stock for the cart and checkout scenarios.",
  minOrderQuantity: 1,
  stock,
});

const buyerOf = (role: "cart" | "checkout", run: number) => ({ firebaseUid: `bench-${role}-${run}`, email: `bench-${role}-${run}@toolshop.test`, name: `Bench ${role} Buyer` });

async function basketOf(toolIds: string[], cartBuyer: { id: string; email: string }, checkoutBuyer: { id: string; email: string }, tokens: TokenService): Promise<Basket> {
  return {
    tools: toolIds.map((id, i) => ({ id, unitPriceCents: BASKET_TOOLS[i]!.unitPriceCents })),
    cartToken: await tokens.issue({ userId: cartBuyer.id, email: cartBuyer.email }),
    checkoutToken: await tokens.issue({ userId: checkoutBuyer.id, email: checkoutBuyer.email }),
  };
}

/** The five tools and two buyers as rows, as the run seeds PostgreSQL. */
export async function seedBasketInPostgres(db: Database, tokens: TokenService, stock: number): Promise<Basket> {
  const rows = await db.insert(tools).values(BASKET_TOOLS.map((tool) => toolOf(tool, stock))).returning({ id: tools.id });
  const run = Date.now();
  const [cartBuyer, checkoutBuyer] = await db.insert(users).values([buyerOf("cart", run), buyerOf("checkout", run)]).returning();
  return basketOf(
    rows.map((row) => row.id),
    cartBuyer!,
    checkoutBuyer!,
    tokens,
  );
}

/** The five tools and two buyers through the shop's stores, as the run seeds Firestore. */
export async function seedBasketThroughStores(stores: Stores, tokens: TokenService, stock: number): Promise<Basket> {
  const toolIds: string[] = [];
  for (const tool of BASKET_TOOLS) toolIds.push((await stores.change(({ tx }) => stores.tools.insertTool(tx, toolOf(tool, stock)))).id);
  const run = Date.now();
  const [cartBuyer, checkoutBuyer] = await stores.change(async ({ tx }) => [
    await stores.users.insertAccount(tx, { ...buyerOf("cart", run), role: "buyer" }),
    await stores.users.insertAccount(tx, { ...buyerOf("checkout", run), role: "buyer" }),
  ]);
  return basketOf(toolIds, cartBuyer!, checkoutBuyer!, tokens);
}

/** Puts one unit of each tool in the cart's buyer's cart, through the API as the buyer would. */
export async function fillCart({ api, basket }: BasketTarget): Promise<void> {
  for (const tool of basket.tools) {
    const response = await fetch(`${api}/api/cart/lines/${tool.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${basket.cartToken}`, "content-type": "application/json" },
      body: JSON.stringify({ quantity: 1 }),
    });
    if (!response.ok) throw new Error(`PUT /api/cart/lines/${tool.id} answered ${response.status}: ${await response.text()}`);
  }
}

export const cartRead = ({ api, basket }: BasketTarget): autocannon.Options => ({ url: `${api}/api/cart`, headers: { authorization: `Bearer ${basket.cartToken}` } });

/** Every request the same checkout of one unit of each tool, at the prices the tools have: each answer a 201. */
export const fiveLineCheckout = ({ api, basket }: BasketTarget): autocannon.Options => ({
  url: `${api}/api/checkouts`,
  method: "POST",
  headers: { authorization: `Bearer ${basket.checkoutToken}`, "content-type": "application/json" },
  body: JSON.stringify({
    userPhone: "+1 555 0100",
    userAddress: "1 Bench Street",
    lines: basket.tools.map((tool) => ({ toolId: tool.id, quantityAmount: 1, toolPrice: tool.unitPriceCents / 100 })),
  }),
});

/**
 * On PostgreSQL: each tool's stock plus the units its live orders hold is still `stock`. One
 * statement, so all five are read as of one moment, even while the server still places the last
 * checkouts asked.
 */
export async function basketStockInPostgres(url: string, basket: Basket, stock: number): Promise<StockCheck> {
  const database = connectDatabase({ url, poolMax: 1 });
  try {
    const ids = basket.tools.map((tool) => tool.id);
    const { rows } = await database.db.execute<{ id: string; aq: number; sold: number }>(sql`
      select t.id, t.aq, coalesce((select sum(o.quantity) from orders o where o.tool_id = t.id and o.status in ('unpaid', 'paid', 'shipped')), 0)::int as sold
      from tools t where t.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const checks = ids.map((id) => byId.get(id)!);
    return { sold: checks.map((c) => c.sold), balances: checks.every((c) => c.aq + c.sold === stock) };
  } finally {
    await database.close();
  }
}

/** On Firestore: the same, each tool's document and the sum of its live orders' units read in one read-only transaction. */
export async function basketStockInFirestore(db: Firestore, basket: Basket, stock: number): Promise<StockCheck> {
  const ids = basket.tools.map((tool) => tool.id);
  const { left, sold } = await db.runTransaction(
    async (tx) => {
      const tools = await tx.getAll(...ids.map((id) => db.collection("tools").doc(id)));
      const sums = [];
      for (const id of ids) sums.push(await tx.get(db.collection("orders").where("toolId", "==", id).where("live", "==", true).aggregate({ units: AggregateField.sum("quantity") })));
      return { left: tools.map((tool) => Number(tool.get("stock"))), sold: sums.map((sum) => sum.data().units ?? 0) };
    },
    { readOnly: true },
  );
  return { sold, balances: ids.every((_, i) => left[i]! + sold[i]! === stock) };
}

/** How the run prints a check: whether the stock balances, and whether every checkout took one unit of each tool, no fewer. */
export function describeStock({ sold, balances }: StockCheck): string {
  const whole = sold.every((units) => units === sold[0]);
  return `${balances ? "yes" : "NO"}; units sold of each: ${sold.join(", ")}${whole ? "" : " (NOT the same for every tool: a checkout placed only some of its lines)"}`;
}
