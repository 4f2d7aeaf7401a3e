import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { firebaseIdentity } from "../../src/lib/firebase-identity.js";
import { orderBody, PROJECT_ID, type SignedInUser, TestApi } from "../support/test-app.js";

// Two instances of the API over one database, as a deployment with several function instances runs.
let api: TestApi;
let other: FastifyInstance;
let otherUrl: string;
let buyer: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  other = await createApp({ stores: api.anotherInstanceStores(), identity: firebaseIdentity(PROJECT_ID), tokens: api.tokens });
  otherUrl = await other.listen({ port: 0, host: "127.0.0.1" });
  [buyer, admin] = await Promise.all([api.signUp(), api.signUpAdmin()]);
});
afterAll(async () => {
  await other.close();
  await api.stop();
});

const fromOther = (path: string, token?: string) =>
  fetch(`${otherUrl}/api${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
const catalogFromOther = async () => (await (await fetch(`${otherUrl}/api/tools`)).json()) as { _id: string; aq: number }[];

/** How long the other instance takes to show what `seen` looks for; fails past two seconds. */
async function millisecondsUntil(seen: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await seen())) {
    if (performance.now() - start > 2000) throw new Error("the change never showed");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - start;
}

describe("catalog cache", () => {
  it("when a buyer orders, then the same instance shows the new stock at once and another within a second", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 40 });
    expect((await catalogFromOther()).find((t) => t._id === toolId)?.aq).toBe(40);
    expect((await api.request("GET", "/tools")).body.find((t: { _id: string }) => t._id === toolId).aq).toBe(40);

    expect((await api.request("POST", "/orders", { token: buyer.token, body: orderBody(toolId, 3) })).status).toBe(201);

    expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(37);
    expect((await api.request("GET", "/tools")).body.find((t: { _id: string }) => t._id === toolId).aq).toBe(37);
    const elapsed = await millisecondsUntil(async () => (await catalogFromOther()).find((t) => t._id === toolId)?.aq === 37);
    expect(elapsed).toBeLessThan(1000);
  });

  it("when an admin deletes a tool, then no instance lists it a second later", async () => {
    const toolId = await api.addTool();
    expect((await fetch(`${otherUrl}/api/tools/${toolId}`)).status).toBe(200);
    expect((await api.request("DELETE", `/tools/${toolId}`, { token: admin.token })).status).toBe(200);

    expect((await api.request("GET", `/tools/${toolId}`)).status).toBe(404);
    const elapsed = await millisecondsUntil(async () => (await fetch(`${otherUrl}/api/tools/${toolId}`)).status === 404);
    expect(elapsed).toBeLessThan(1000);
    expect((await catalogFromOther()).some((t) => t._id === toolId)).toBe(false);
  });

  it("when many read the catalog at once, then they all get the same answer", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.request("GET", "/tools")));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.every((a) => a.headers.get("content-type")?.startsWith("application/json"))).toBe(true);
  });
});

describe("a buyer's orders", () => {
  const listedIds = async (response: Response | Promise<Response>) => ((await (await response).json()) as { _id: string }[]).map((o) => o._id);
  const myOrders = (user: SignedInUser) => `/orders?userEmail=${encodeURIComponent(user.email)}`;

  it("when a buyer orders, then My Orders shows it at once on the same instance and within a second on another", async () => {
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 40 });
    // Both instances have just read the list, so both hold it.
    expect((await api.request("GET", myOrders(buyer), { token: buyer.token })).status).toBe(200);
    expect((await fromOther(myOrders(buyer), buyer.token)).status).toBe(200);

    const orderId = await api.placeOrder(buyer, toolId, 2);

    expect((await api.request("GET", myOrders(buyer), { token: buyer.token })).body.map((o: { _id: string }) => o._id)).toContain(orderId);
    const elapsed = await millisecondsUntil(async () => (await listedIds(fromOther(myOrders(buyer), buyer.token))).includes(orderId));
    expect(elapsed).toBeLessThan(1000);
  });

  it("when a buyer cancels, then the order leaves their list at once on the same instance and within a second on another", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool({ minOrderQuantity: 1, stock: 40 }), 1);
    // Both instances list the order, so both hold a list with it.
    await millisecondsUntil(async () => (await listedIds(fromOther(myOrders(buyer), buyer.token))).includes(orderId));
    expect((await api.request("GET", myOrders(buyer), { token: buyer.token })).body.map((o: { _id: string }) => o._id)).toContain(orderId);

    expect((await api.request("DELETE", `/orders/${orderId}`, { token: buyer.token })).status).toBe(200);

    expect((await api.request("GET", myOrders(buyer), { token: buyer.token })).body.map((o: { _id: string }) => o._id)).not.toContain(orderId);
    const elapsed = await millisecondsUntil(async () => !(await listedIds(fromOther(myOrders(buyer), buyer.token))).includes(orderId));
    expect(elapsed).toBeLessThan(1000);
  });
});

describe("accounts", () => {
  it("when an admin removes a buyer, then every instance refuses the buyer's token at once, for reads and changes alike", async () => {
    const leaving = await api.signUp("leaving");
    const toolId = await api.addTool({ minOrderQuantity: 1, stock: 40 });
    const theirOrders = `/orders?userEmail=${encodeURIComponent(leaving.email)}`;
    // The other instance has just served this account.
    expect((await fromOther(theirOrders, leaving.token)).status).toBe(200);

    expect((await api.request("DELETE", `/users/${leaving.id}`, { token: admin.token })).status).toBe(200);

    expect((await fromOther(theirOrders, leaving.token)).status).toBe(401);
    const write = await fetch(`${otherUrl}/api/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${leaving.token}`, "content-type": "application/json" },
      body: JSON.stringify(orderBody(toolId, 1)),
    });
    expect(write.status).toBe(401);
    expect((await api.request("GET", `/tools/${toolId}`)).body.aq).toBe(40);
  });
});
