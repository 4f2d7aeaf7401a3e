import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/db/schema.js";
import { orderBody, TestApi } from "../support/test-app.js";

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start();
});
afterAll(() => api.stop());

/** Buyers as the API knows them after sign-in: a row and an API token each. */
async function buyers(count: number): Promise<string[]> {
  const run = Date.now();
  const rows = await api.database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ firebaseUid: `crowd-${run}-${i}`, email: `crowd-${run}-${i}@toolshop.test`, name: `Crowd ${i}` })))
    .returning({ id: users.id, email: users.email });
  return Promise.all(rows.map((row) => api.tokens.issue({ userId: row.id, email: row.email })));
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
    const [row] = await api.database.db
      .execute<{ aq: number; sold: number }>(sql`
        select t.aq, (select coalesce(sum(o.quantity), 0)::int from orders o where o.tool_id = t.id and o.status <> 'cancelled') as sold
        from tools t where t.id = ${toolId}`)
      .then((result) => result.rows);
    expect(row).toEqual({ aq: 0, sold: 100 });
  });
});
