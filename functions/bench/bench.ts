import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { connectDatabase } from "../src/db/client.js";
import { seedDemoShop } from "../src/stores/demo-shop.js";
import { postgresStores } from "../src/stores/postgres.js";
import { applyMigrations } from "../src/db/migrate.js";
import { orders, tools, users } from "../src/db/schema.js";
import { createTokenService } from "../src/lib/tokens.js";
import { pageCursors } from "../src/lib/page-cursor.js";
import { LARGE_CATALOGUE_SIZE, removeLargeCatalogue, seedLargeCatalogue, variedSearchPath } from "./large-catalogue.js";
import { LARGE_SHOP_ORDERS, LARGE_SHOP_USERS, removeLargeShop, seedLargeShop } from "./large-shop.js";
import { type Child, freePort, startNode, waitForHttp } from "./processes.js";
import { measureWholeList, printWholeLists, WHOLE_LIST_SCENARIOS, type WholeListRow, type WholeListScenario } from "./whole-lists.js";
import { benchFirestore, type FirestoreResults, type Measured, printFirestore, type Target } from "./firestore-catalogue.js";
import { basketStockInPostgres, cartRead, describeStock, fillCart, fiveLineCheckout, seedBasketInPostgres, seedBasketThroughStores } from "./cart-checkout.js";

/**
 * `npm run bench`: the plain server on DATABASE_URL (embedded PGlite when unset), measured with
 * autocannon next to a bare node:http server in the same run, so results read as ratios to what
 * this machine can do at all; then the catalogue's scenarios, a cart read and a 5-line checkout
 * (cart-checkout.ts) on Firestore, on an emulator of the run's own, where this machine has one
 * (firestore-catalogue.ts). BENCH_STORES=postgresql or BENCH_STORES=firestore measures one store's
 * scenarios only.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** Untimed load before each measurement, so every server is measured after its JIT has warmed up. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const SECRET = "bench-secret-that-is-at-least-32-characters";
const ORDER_STOCK = 10_000_000;
const STORES = (process.env.BENCH_STORES ?? "postgresql,firestore").split(",");
const tokens = createTokenService(SECRET, 3600);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface Scenario {
  name: string;
  /** `postgresqlOnly`: the target is set for PostgreSQL; on PGlite the scenario is measured and reported only. */
  target: { ratio: number; p99?: number; postgresqlOnly?: boolean };
  options: autocannon.Options;
  /**
   * Measured on a catalogue of 100,000 tools, seeded after the other scenarios and removed at the
   * end: on PostgreSQL only, as the catalogue of a shop that size would be; on Firestore with it.
   */
  largeCatalogue?: boolean;
  /** A scenario asked of the API server on Firestore too: its options there. */
  firestore?: (target: Target) => autocannon.Options;
  /** Done once before the scenario is measured, on either store (a cart filled). */
  before?: (target: Target) => Promise<void>;
  /**
   * Measured on 1,000,000 orders of 100,000 buyers, seeded after the catalogue scenarios and removed
   * at the end: on PostgreSQL only. Its options are made once the orders exist (a deep page's cursor).
   */
  largeShop?: (shop: { middleOrderId: string; sampleOrderIds: string[] }) => autocannon.Options;
}

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
  target: string;
  /** Null where no target applies to this database. */
  met: boolean | null;
}

/** With `reads`, the store's reads so far: what the measured requests read, each on average, is reported too. */
async function measure(options: autocannon.Options, reads?: () => Promise<number>): Promise<Measured> {
  if (WARMUP > 0) await autocannon({ connections: CONNECTIONS, duration: WARMUP, ...options });
  const readsBefore = await reads?.();
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const readsAfter = await reads?.();
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(readsBefore === undefined || readsAfter === undefined ? {} : { readsPerRequest: (readsAfter - readsBefore) / Math.max(1, result.requests.total) }),
  };
}

async function startDatabase(): Promise<{ url: string; kind: string; child?: Child }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, kind: "postgresql" };
  const child = await startNode(here("../lib/cli/embedded-postgres.js"), {}, (line) => line.startsWith("postgres://"));
  return { url: child.line, kind: "pglite", child };
}

async function seed(url: string) {
  const database = connectDatabase({ url, poolMax: 2 });
  try {
    await applyMigrations(database.pool);
    await seedDemoShop(postgresStores(database.db));
    const [tool] = await database.db
      .insert(tools)
      .values({ name: "Bench Socket", img: "/images/tools/socket-set.svg", unitPriceCents: 1999, description: "Stock for the order scenario.", minOrderQuantity: 1, stock: ORDER_STOCK })
      .returning();
    const [buyer] = await database.db
      .insert(users)
      .values({ firebaseUid: `bench-${Date.now()}`, email: `bench-${Date.now()}@toolshop.test`, name: "Bench Buyer" })
      .returning();
    const [admin] = await database.db
      .insert(users)
      .values({ firebaseUid: `bench-admin-${Date.now()}`, email: `bench-admin-${Date.now()}@toolshop.test`, name: "Bench Admin", role: "admin" })
      .returning();
    // A buyer with a page of history, as My Orders would show it.
    await database.db.insert(orders).values(
      Array.from({ length: 20 }, () => ({
        toolId: tool!.id,
        toolName: tool!.name,
        userId: buyer!.id,
        userName: buyer!.name,
        userEmail: buyer!.email,
        userPhone: "+1 555 0100",
        userAddress: "1 Bench Street",
        quantity: 1,
        totalCents: 1900,
      })),
    );
    await database.db.update(tools).set({ stock: sql`${tools.stock} - 20` }).where(eq(tools.id, tool!.id));
    const basket = await seedBasketInPostgres(database.db, tokens, ORDER_STOCK);
    return { toolId: tool!.id, toolName: tool!.name, buyer: buyer!, admin: admin!, basket };
  } finally {
    await database.close();
  }
}

async function stockAccountsFor(url: string, toolId: string) {
  const database = connectDatabase({ url, poolMax: 1 });
  try {
    const [row] = await database.db.execute<{ aq: number; sold: number }>(sql`
      select t.aq, coalesce((select sum(o.quantity) from orders o where o.tool_id = t.id and o.status in ('unpaid', 'paid', 'shipped')), 0)::int as sold
      from tools t where t.id = ${toolId}`).then((r) => r.rows);
    return row!.aq + row!.sold === ORDER_STOCK;
  } finally {
    await database.close();
  }
}

function printTable(rows: Row[]) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "errors", "non-2xx", "ratio", "target", "met"];
  const lines = rows.map((r) => [r.scenario, r.requestsPerSecond.toFixed(0), String(r.p50), String(r.p99), String(r.errors), String(r.non2xx), r.ratio.toFixed(3), r.target, r.met === null ? "-" : r.met ? "yes" : "NO"]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(format(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const children: Child[] = [];
  try {
    const ceilingPort = await freePort();
    children.push(await startNode(here("./ceiling-server.mjs"), { PORT: String(ceilingPort) }, (l) => l.includes("listening")));
    const ceiling = await measure({ url: `http://127.0.0.1:${ceilingPort}/` });
    console.log(`ceiling (bare node:http): ${ceiling.requestsPerSecond.toFixed(0)} req/s, p99 ${ceiling.p99} ms`);
    await children.pop()!.stop();

    console.log("starting the database and seeding it…");
    const database = await startDatabase();
    if (database.child) children.push(database.child);
    const { toolId, toolName, buyer, admin, basket } = await seed(database.url);
    // A run stopped half-way leaves its large catalogue and shop behind; the other scenarios need the small ones.
    if (database.kind === "postgresql") {
      await removeLargeCatalogue(database.url);
      await removeLargeShop(database.url);
    }
    const token = await tokens.issue({ userId: buyer.id, email: buyer.email });
    const adminToken = await tokens.issue({ userId: admin.id, email: admin.email });

    console.log("starting the API server…");
    const apiPort = await freePort();
    const api = `http://127.0.0.1:${apiPort}`;
    const apiServer = await startNode(
      here("../lib/server.js"),
      {
        DATA_STORE: "postgres",
        DATABASE_URL: database.url,
        PORT: String(apiPort),
        API_TOKEN_SECRET: SECRET,
        LOG_LEVEL: "silent",
        FIREBASE_PROJECT_ID: "demo-bench",
        // One server on a database of its own: the pool of a single instance, as before the budget.
        DATABASE_MAX_CONNECTIONS: "100",
        API_MAX_INSTANCES: "1",
        // One buyer places every order of the run, and pays for none; the per-buyer limits would
        // turn most into 429s and 409s.
        RATE_LIMIT_ORDERS_PER_MINUTE: "0",
        RATE_LIMIT_CART_PER_MINUTE: "0",
        MAX_UNPAID_ORDERS: "0",
      },
      undefined,
      // BENCH_PROFILE_DIR=folder writes a CPU profile of the API server, to see where its time goes.
      process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
    );
    children.push(apiServer);
    await waitForHttp(`${api}/api/health`);

    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const asAdmin = { authorization: `Bearer ${adminToken}` };
    const allOrdersPages = pageCursors("admin-orders");
    const onPostgres: Target = { api, toolId, basket };
    // The catalogue's scenarios, asked of either store's server.
    const catalog = (at: Target) => ({ url: `${at.api}/api/tools` });
    const oneTool = (at: Target) => ({ url: `${at.api}/api/tools/${at.toolId}` });
    const hamer = (at: Target) => ({ url: `${at.api}/api/catalogue?q=hamer` });
    const inStockByPrice = (at: Target) => ({ url: `${at.api}/api/catalogue?inStock=true&sort=price` });
    const variedPages = (at: Target): autocannon.Options => ({ url: at.api, requests: [{ setupRequest: (request) => ({ ...request, path: variedSearchPath() }) }] });
    const scenarios: Scenario[] = [
      { name: "catalog GET /api/tools", target: { ratio: 0.5, p99: 15 }, options: catalog(onPostgres), firestore: catalog },
      { name: "one tool GET /api/tools/{id}", target: { ratio: 0.4 }, options: oneTool(onPostgres), firestore: oneTool },
      { name: "buyer's orders GET /api/orders", target: { ratio: 0.15 }, options: { url: `${api}/api/orders?userEmail=${encodeURIComponent(buyer.email)}`, headers: auth } },
      {
        name: "place order POST /api/orders",
        target: { ratio: 0.03, postgresqlOnly: true },
        options: {
          url: `${api}/api/orders`,
          method: "POST",
          headers: auth,
          body: JSON.stringify({ toolId, quantityAmount: 1, userPhone: "+1 555 0100", userAddress: "1 Bench Street" }),
        },
      },
      // Issue 23: a buyer's cart of five lines, and five orders placed at once by one checkout, on both
      // stores. The cart's lines are read from the store every time (a cart follows its buyer to
      // another device at once); a checkout places five orders, so its mark is a third of the single
      // order's in orders a second.
      { name: "cart read GET /api/cart", target: { ratio: 0.03, postgresqlOnly: true }, options: cartRead(onPostgres), before: fillCart, firestore: cartRead },
      {
        name: "5-line checkout POST /api/checkouts",
        target: { ratio: 0.002, postgresqlOnly: true },
        options: fiveLineCheckout(onPostgres),
        firestore: fiveLineCheckout,
      },
      // Issue 12: a page of a search with a typo, and a page filtered and sorted. Shoppers ask for
      // these pages again and again, and the API keeps each for half a second (decision 13).
      {
        name: "search page GET /api/catalogue?q=hamer",
        target: { ratio: 0.2, p99: 25, postgresqlOnly: true },
        options: hamer(onPostgres),
        largeCatalogue: true,
        firestore: hamer,
      },
      {
        name: "in stock by price GET /api/catalogue?inStock=true&sort=price",
        target: { ratio: 0.2, p99: 25, postgresqlOnly: true },
        options: inStockByPrice(onPostgres),
        largeCatalogue: true,
        firestore: inStockByPrice,
      },
      // Thousands of different pages, nearly all read from PostgreSQL: what each page costs there.
      {
        name: "varied pages GET /api/catalogue?q=<typo>&sort=…",
        target: { ratio: 0.01, postgresqlOnly: true },
        options: variedPages(onPostgres),
        largeCatalogue: true,
        firestore: variedPages,
      },
      // Issue 13: All Orders on a million orders, its first page, a page half-way down (the cursor
      // of the 500,000th order), the paid orders awaiting shipment, and shipped orders half-way
      // down. The API keeps a page for half a second, as it keeps a buyer's orders (decision 17).
      {
        name: "All Orders first page GET /api/admin/orders",
        target: { ratio: 0.01, p99: 25, postgresqlOnly: true },
        options: { url: `${api}/api/admin/orders`, headers: asAdmin },
        largeShop: () => ({ url: `${api}/api/admin/orders`, headers: asAdmin }),
      },
      {
        name: "All Orders deep page GET /api/admin/orders?cursor=<500,000th>",
        target: { ratio: 0.01, p99: 25, postgresqlOnly: true },
        options: { url: api },
        largeShop: ({ middleOrderId }) => ({
          url: `${api}/api/admin/orders?cursor=${allOrdersPages.write({ status: null, q: null }, middleOrderId)}`,
          headers: asAdmin,
        }),
      },
      {
        name: "All Orders paid GET /api/admin/orders?status=paid",
        target: { ratio: 0.01, p99: 25, postgresqlOnly: true },
        options: { url: api },
        largeShop: () => ({ url: `${api}/api/admin/orders?status=paid`, headers: asAdmin }),
      },
      {
        name: "All Orders shipped, deep GET /api/admin/orders?status=shipped&cursor=<500,000th>",
        target: { ratio: 0.01, p99: 25, postgresqlOnly: true },
        options: { url: api },
        largeShop: ({ middleOrderId }) => ({
          url: `${api}/api/admin/orders?status=shipped&cursor=${allOrdersPages.write({ status: "shipped", q: null }, middleOrderId)}`,
          headers: asAdmin,
        }),
      },
      // The admin's overview on the same shop: five figures, each one indexed query, kept for half a second.
      {
        name: "overview GET /api/admin/overview",
        target: { ratio: 0.01, p99: 50, postgresqlOnly: true },
        options: { url: api },
        largeShop: () => ({ url: `${api}/api/admin/overview?tz=Europe%2FBerlin`, headers: asAdmin }),
      },
      // A thousand different pages (any status, starting anywhere), nearly all read from PostgreSQL:
      // what a page costs there when no admin asked for it a moment before.
      {
        name: "All Orders varied pages GET /api/admin/orders?status=…&cursor=…",
        target: { ratio: 0.01, postgresqlOnly: true },
        options: { url: api },
        largeShop: ({ sampleOrderIds }) => ({
          url: api,
          headers: asAdmin,
          requests: [
            {
              setupRequest: (request) => {
                const status = [null, "unpaid", "paid", "shipped", "cancelled", "refunded"][Math.floor(Math.random() * 6)]! as string | null;
                const cursor = allOrdersPages.write({ status, q: null }, sampleOrderIds[Math.floor(Math.random() * sampleOrderIds.length)]!);
                return { ...request, path: `/api/admin/orders?${status ? `status=${status}&` : ""}cursor=${cursor}` };
              },
            },
          ],
        }),
      },
    ];

    const only = process.env.BENCH_ONLY;
    const chosen = (name: string) => !only || name.includes(only);
    const selected = STORES.includes("postgresql") ? scenarios.filter((s) => chosen(s.name)) : [];
    const rows: Row[] = [];
    const measureScenario = async (scenario: Scenario) => {
      console.log(`measuring ${scenario.name}…`);
      await scenario.before?.(onPostgres);
      const result = await measure(scenario.options);
      const ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
      const applies = !scenario.target.postgresqlOnly || database.kind === "postgresql";
      const clean = result.errors === 0 && result.non2xx === 0;
      const fast = ratio >= scenario.target.ratio && (scenario.target.p99 === undefined || result.p99 < scenario.target.p99);
      const met = applies ? fast && clean : clean ? null : false;
      const target = `${applies ? "" : "on PostgreSQL "}>= ${scenario.target.ratio}${scenario.target.p99 ? `, p99 < ${scenario.target.p99} ms` : ""}`;
      rows.push({ scenario: scenario.name, ...result, ratio, target, met });
    };
    for (const scenario of selected.filter((s) => !s.largeCatalogue && !s.largeShop)) await measureScenario(scenario);

    // Issue 20: the contract's whole lists (docs/product.md §8.2) on the same large sets, each call's cost and /api/health meanwhile.
    const wholeLists = STORES.includes("postgresql") ? WHOLE_LIST_SCENARIOS.filter((s) => chosen(s.name)) : [];
    const wholeListRows: WholeListRow[] = [];
    const measureWholeLists = async (on: WholeListScenario["on"]) => {
      for (const scenario of wholeLists.filter((s) => s.on === on)) {
        console.log(`measuring ${scenario.name} on ${scenario.size}…`);
        const row = await measureWholeList(scenario, {
          api,
          serverPid: apiServer.process.pid!,
          adminHeaders: asAdmin,
          ceilingRequestsPerSecond: ceiling.requestsPerSecond,
          durationSeconds: DURATION,
        });
        // Printed at once too: removing the large sets afterwards takes a while.
        console.log(JSON.stringify(row));
        wholeListRows.push(row);
      }
    };

    const large = selected.filter((s) => s.largeCatalogue);
    const onCatalogue = large.length > 0 || wholeLists.some((s) => s.on === "catalogue");
    let catalogueNote = "";
    if (onCatalogue && database.kind !== "postgresql") {
      catalogueNote = `catalogue scenarios (${LARGE_CATALOGUE_SIZE.toLocaleString("en")} tools) not run: they run on PostgreSQL only (DATABASE_URL)`;
    } else if (onCatalogue) {
      console.log(`seeding ${LARGE_CATALOGUE_SIZE.toLocaleString("en")} tools…`);
      const startedAt = performance.now();
      try {
        const { hammers } = await seedLargeCatalogue(database.url);
        catalogueNote = `catalogue scenarios on ${LARGE_CATALOGUE_SIZE.toLocaleString("en")} more tools (seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s), of which "hamer" finds ${hammers.toLocaleString("en")}`;
        for (const scenario of large) await measureScenario(scenario);
        await measureWholeLists("catalogue");
      } finally {
        await removeLargeCatalogue(database.url);
      }
    }

    const shopScenarios = selected.filter((s) => s.largeShop);
    const onShop = shopScenarios.length > 0 || wholeLists.some((s) => s.on === "shop");
    let shopNote = "";
    const shopSize = `${LARGE_SHOP_ORDERS.toLocaleString("en")} orders of ${LARGE_SHOP_USERS.toLocaleString("en")} buyers`;
    if (onShop && database.kind !== "postgresql") {
      shopNote = `All Orders scenarios (${shopSize}) not run: they run on PostgreSQL only (DATABASE_URL)`;
    } else if (onShop) {
      console.log(`seeding ${shopSize}…`);
      const startedAt = performance.now();
      try {
        const shop = await seedLargeShop(database.url, { id: toolId, name: toolName });
        shopNote = `All Orders scenarios on ${shopSize} more (seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`;
        for (const scenario of shopScenarios) await measureScenario({ ...scenario, options: scenario.largeShop!(shop) });
        await measureWholeLists("shop");
      } finally {
        await removeLargeShop(database.url);
      }
    }
    const stockBalances = await stockAccountsFor(database.url, toolId);
    const basketStock = await basketStockInPostgres(database.url, basket, ORDER_STOCK);

    // The catalogue's scenarios on Firestore, measured against the same ceiling; PostgreSQL's server idles meanwhile.
    const onFirestore = STORES.includes("firestore") ? scenarios.filter((s) => s.firestore && chosen(s.name)) : [];
    let firestore: FirestoreResults | { reason: string } | null = null;
    if (onFirestore.length > 0) {
      firestore = await benchFirestore(
        onFirestore.map((s) => ({ name: s.name, options: s.firestore!, largeCatalogue: s.largeCatalogue === true, ...(s.before ? { before: s.before } : {}) })),
        {
          measure,
          ceilingRequestsPerSecond: ceiling.requestsPerSecond,
          env: {
            API_TOKEN_SECRET: SECRET,
            LOG_LEVEL: "silent",
            API_MAX_INSTANCES: "1",
            RATE_LIMIT_ORDERS_PER_MINUTE: "0",
            RATE_LIMIT_CART_PER_MINUTE: "0",
            MAX_UNPAID_ORDERS: "0",
          },
          toolStock: ORDER_STOCK,
          seedBasket: (stores) => seedBasketThroughStores(stores, tokens, ORDER_STOCK),
        },
      );
    }

    console.log(`\ndatabase: ${database.kind}, ${CONNECTIONS} connections, ${DURATION} s per scenario after ${WARMUP} s of warm-up\n`);
    printTable([{ scenario: "ceiling node:http", ...ceiling, ratio: 1, target: "", met: true }, ...rows]);
    if (wholeListRows.length > 0) {
      console.log("");
      printWholeLists(wholeListRows);
    }
    if (catalogueNote) console.log(`\n${catalogueNote}`);
    if (shopNote) console.log(shopNote);
    console.log(`\nstock accounts for every order placed (aq + live orders = initial): ${stockBalances ? "yes" : "NO"}`);
    console.log(`the same for the checkout's 5 tools: ${describeStock(basketStock)}`);
    if (firestore && "reason" in firestore) console.log(`\nFirestore not measured: ${firestore.reason}`);
    else if (firestore) {
      if (firestore.basketStock) console.log(`the same for the checkout's 5 tools on Firestore: ${describeStock(firestore.basketStock)}`);
      console.log(`\nthe catalogue, the cart and the checkout on both stores, ratios to the same ceiling (PG: ${database.kind})\n`);
      printFirestore(firestore, new Map(rows.map((row) => [row.scenario, row])));
    }

    mkdirSync(here("../../bench-results"), { recursive: true });
    const file = here(`../../bench-results/bench-${database.kind}.json`);
    writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), database: database.kind, connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, ceiling, scenarios: rows, wholeLists: wholeListRows, stockBalances, basketStock, catalogueNote, shopNote, firestore }, null, 2));
    console.log(`written to ${file}`);
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
