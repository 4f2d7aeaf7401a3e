import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderBody, type SignedInUser, TestApi } from "../support/test-app.js";

// SQL injections in the text fields (injection.test.ts sends every hostile string to every field)
// are stored as text: afterwards every table of PostgreSQL is still there.

const INJECTIONS = ["'; drop table tools; --", "Robert'); DROP TABLE users;--", "x'); drop table orders; --"];

let api: TestApi;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [admin, buyer] = await Promise.all([api.signUpAdmin(), api.signUp()]);
});
afterAll(() => api?.stop());

describe("SQL injections in text", () => {
  it("when each is sent as a tool, an order, a review and a wish, then each is stored as sent and every table still exists", async () => {
    for (const value of INJECTIONS) {
      const tool = await api.request("POST", "/tools", {
        token: admin.token,
        body: { name: value, price: 5, description: value, moq: 1, aq: 10, img: "/images/tools/spanner.svg" },
      });
      expect(tool.status).toBe(201);
      expect((await api.request("GET", `/tools/${tool.body.insertedId}`)).body.name).toBe(value);
      const order = await api.request("POST", "/orders", { token: buyer.token, body: { ...orderBody(tool.body.insertedId, 1), userAddress: value } });
      expect(order.status).toBe(201);
      expect((await api.request("POST", "/reviews", { token: buyer.token, body: { rating: 4, review: value } })).status).toBe(201);
      expect((await api.request("POST", "/wish", { token: buyer.token, body: { name: value, price: 1, details: value } })).status).toBe(201);
    }
    for (const table of ["tools", "users", "orders", "reviews", "wishes", "payments", "audit_log"]) {
      const result = await api.database.db.execute<{ name: string | null }>(sql`select to_regclass(${`public.${table}`})::text as name`);
      expect(result.rows[0]?.name).toBe(table);
    }
  });
});
