import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movePaidEarlier } from "../support/inspect/orders.js";
import { expectProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// The admin's overview counts what the lists behind it hold: the money taken today and this week,
// the paid orders waiting to ship, the tools nobody can order, the wishes nobody has answered.

let api: TestApi;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(() => api?.stop());

const overview = (query = "") => api.request("GET", `/admin/overview${query}`, { token: admin.token });
/** Past the half second an overview is kept. */
const fresh = () => new Promise((resolve) => setTimeout(resolve, 600));

describe("the admin's overview", () => {
  it("when orders are paid, shipped and refunded, tools run low and wishes come in, then each figure counts exactly its own", async () => {
    const before = (await overview()).body;
    expect(before).toEqual({ timeZone: "UTC", revenueToday: 0, revenueThisWeek: 0, awaitingShipment: 0, lowStockTools: 0, openWishes: 0 });

    // Four $25 orders of two units: two stay paid, one ships, one is refunded, and one stays unpaid.
    const toolId = await api.addTool({ unitPriceCents: 2500, stock: 100 });
    const [stays, staysToo, ships, refunded] = [await api.placeOrder(buyer, toolId), await api.placeOrder(buyer, toolId), await api.placeOrder(buyer, toolId), await api.placeOrder(buyer, toolId)];
    await api.placeOrder(buyer, toolId);
    for (const id of [stays, staysToo, ships, refunded]) await api.payByCard(buyer, id);
    expect((await api.request("PATCH", `/orders/${ships}/shipped`, { token: admin.token })).status).toBe(200);
    expect((await api.request("POST", `/orders/${refunded}/refund`, { token: admin.token })).status).toBe(200);
    // One tool below its minimum order, one deleted below it (not counted), one fine.
    await api.addTool({ stock: 1, minOrderQuantity: 5 });
    const deleted = await api.addTool({ stock: 0, minOrderQuantity: 2 });
    expect((await api.request("DELETE", `/tools/${deleted}`, { token: admin.token })).status).toBe(200);
    for (const name of ["Pipe Bender", "Tile Saw"]) {
      expect((await api.request("POST", "/wish", { token: buyer.token, body: { name, price: 40, details: "For the workshop." } })).status).toBe(201);
    }

    await fresh();
    expect((await overview()).body).toEqual({ timeZone: "UTC", revenueToday: 150, revenueThisWeek: 150, awaitingShipment: 2, lowStockTools: 1, openWishes: 2 });

    // Yesterday's payment counts for the week (when yesterday is in this week) but not for today.
    await movePaidEarlier(api, stays, 24 * 60);
    const dayOfWeek = new Date().getUTCDay();
    await fresh();
    expect((await overview()).body).toMatchObject({ revenueToday: 100, revenueThisWeek: dayOfWeek === 1 ? 100 : 150 });
  });

  it("when asked in a time zone, then it counts in that zone and says which; an unknown zone is a 400", async () => {
    expect((await overview("?tz=Pacific%2FAuckland")).body).toMatchObject({ timeZone: "Pacific/Auckland" });
    for (const query of ["?tz=Mars%2FOlympus", "?tz=", "?days=7"]) expectProblem(await overview(query), 400);
  });

  it("when a buyer or a visitor asks, then it is refused", async () => {
    expectProblem(await api.request("GET", "/admin/overview", { token: buyer.token }), 403);
    expectProblem(await api.request("GET", "/admin/overview"), 401);
  });
});
