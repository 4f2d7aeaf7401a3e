import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningStack, SHOP, signIn, startStack } from "./stack.js";
import { type Account, createAccount, createTool, getTool, myOrders, type Tool } from "./support/api.js";

// A burst of orders through `npm start`'s front door: the Functions emulator would start a worker
// process for each call that finds none idle, and the Hosting emulator's proxy gives up on a call
// after 60 s. The front door lets a bounded number through at once and queues the rest
// (docs/decisions/0022-bursts-on-the-local-stack.md).

const BUYERS = 10;
const ORDERS_PER_BUYER = 20;
const STOCK = 150;

// Each buyer's 20 orders stay within the deployed per-user limit (30 a minute); the unpaid-order cap
// is raised so that it does not refuse them, and the sign-ins of eleven accounts from one address
// fit the sign-in limit.
const BURST_SETTINGS = { RATE_LIMIT_SIGN_IN_PER_MINUTE: "100", MAX_UNPAID_ORDERS: String(ORDERS_PER_BUYER) };

const dataDir = mkdtempSync(join(tmpdir(), "toolshop-stack-burst-"));
let stack: RunningStack | undefined;
let buyers: Account[] = [];
let tool: Tool;

beforeAll(async () => {
  stack = await startStack(dataDir, BURST_SETTINGS);
  const adminToken = await signIn("admin@toolshop.test", "admin123");
  tool = await createTool(adminToken, { name: `Burst Tool ${Date.now()}`, moq: 1, aq: STOCK, price: 4.5 });
  buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => createAccount(`Burst Buyer ${i}`)));
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function order(buyer: Account): Promise<{ status: number; body: string }> {
  const response = await fetch(`${SHOP}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify({ toolId: tool._id, quantityAmount: 1, userPhone: "+1 555 0100", userAddress: "1 Burst Street, Springfield" }),
  });
  return { status: response.status, body: await response.text() };
}

describe("npm start under a burst", () => {
  it(`when ${BUYERS * ORDERS_PER_BUYER} orders arrive at once through the front door, then none gets a 5xx, each is placed or refused, and the stock balances`, async () => {
    const startedAt = Date.now();
    const answers = await Promise.all(buyers.flatMap((buyer) => Array.from({ length: ORDERS_PER_BUYER }, () => order(buyer))));
    const seconds = (Date.now() - startedAt) / 1000;

    const byStatus = new Map<number, number>();
    for (const { status } of answers) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    console.log(`${answers.length} orders in ${seconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(byStatus))}`);

    const failed = answers.filter(({ status }) => status >= 500);
    // What the functions logged of their failures says why, where the answer only says "unavailable".
    const logged = (stack?.output() ?? "").split("\n").filter((line) => /"err"|Error:/.test(line)).slice(-5);
    expect(failed, [...failed.map(({ status, body }) => `${status} ${body}`), ...logged].join("\n")).toEqual([]);
    expect([...byStatus.keys()].every((status) => [201, 409, 422, 429].includes(status)), JSON.stringify([...byStatus])).toBe(true);

    const placed = answers.filter(({ status }) => status === 201).length;
    const after = await getTool(tool._id);
    expect(after.aq + placed).toBe(STOCK);
    // Every unit is sold: 200 orders of one unit each meet 150 units.
    expect(after.aq).toBe(0);
    // The buyers' own lists hold exactly the orders that were answered 201.
    const listed = (await Promise.all(buyers.map(myOrders))).flat().filter((listedOrder) => listedOrder.toolName === tool.name);
    expect(listed.reduce((units, listedOrder) => units + listedOrder.quantityAmount, 0)).toBe(placed);
  });
});
