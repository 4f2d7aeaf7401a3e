import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatuses } from "../../src/modules/orders/orders.store.js";
import type { UserRecord } from "../../src/modules/users/users.store.js";
import { unitsOrdered } from "../support/inspect/orders.js";
import { orderBody, TestApi } from "../support/test-app.js";

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

/** Buyers as the API knows them after sign-in: an account and an API token each. */
async function buyers(count: number): Promise<string[]> {
  const run = Date.now();
  const accounts: UserRecord[] = [];
  // A hundred accounts a change: a Firestore transaction writes at most 500 documents, three an account.
  for (let start = 0; start < count; start += 100) {
    const indexes = Array.from({ length: Math.min(100, count - start) }, (_, i) => start + i);
    accounts.push(
      ...(await api.stores.change(async ({ tx }) => {
        const made: UserRecord[] = [];
        for (const i of indexes) {
          made.push(await api.stores.users.insertAccount(tx, { firebaseUid: `crowd-${run}-${i}`, email: `crowd-${run}-${i}@toolshop.test`, name: `Crowd ${i}`, role: "buyer" }));
        }
        return made;
      })),
    );
  }
  return Promise.all(accounts.map((account) => api.tokens.issue({ userId: account.id, email: account.email })));
}

describe("a crowd against little stock", () => {
  it("when 1,000 buyers order 1 unit each at once against 100 units, then exactly 100 are sold, none fails with 5xx, and stock accounts for every unit", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 100 });
    const tokens = await buyers(1000);

    const answers = await Promise.all(tokens.map((token) => api.request("POST", "/orders", { token, body: orderBody(toolId, 1) })));

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 422)).toHaveLength(900);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const aq = (await api.stores.tools.findListed(toolId))!.stock;
    const sold = await unitsOrdered(api, toolId, orderStatuses.filter((status) => status !== "cancelled"));
    expect({ aq, sold }).toEqual({ aq: 0, sold: 100 });
  });
});
