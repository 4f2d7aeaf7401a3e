import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type ApiResponse, type SignedInUser, TestApi } from "../support/test-app.js";

// Every admin action leaves exactly one entry, written in the action's own transaction: who did it,
// what, to which resource, and when. A refused or failed action leaves none.

interface Entry {
  _id: string;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  createdAt: string;
}

let api: TestApi;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [admin, buyer] = await Promise.all([api.signUpAdmin(), api.signUp()]);
});
afterAll(() => api?.stop());

const auditLog = async (query = ""): Promise<Entry[]> => {
  const response = await api.request("GET", `/audit-log${query}`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body;
};

/** Runs an action and returns the entries it added, newest first. */
async function entriesAddedBy(action: () => Promise<ApiResponse>): Promise<{ response: ApiResponse; added: Entry[] }> {
  const [latest] = await auditLog("?limit=1");
  const response = await action();
  const added = (await auditLog()).filter((entry) => !latest || Number(entry._id) > Number(latest._id));
  return { response, added };
}

function expectOneEntry(added: Entry[], expected: { action: string; targetType: string; targetId: string; details?: Record<string, unknown> }, before: number) {
  expect(added).toHaveLength(1);
  const [entry] = added;
  expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, details: expected.details ?? {}, ...expected });
  const at = Date.parse(entry!.createdAt);
  expect(at).toBeGreaterThanOrEqual(before - 5_000);
  expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
}

const newTool = { name: "Audit Saw", price: 12.5, description: "A saw.", moq: 1, aq: 10, img: "/images/tools/saw.svg" };

describe("each admin action leaves one entry", () => {
  it("when an admin creates a tool, then the log names the admin, tool.created, the tool and its name", async () => {
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("POST", "/tools", { token: admin.token, body: newTool }));
    expect(response.status).toBe(201);
    expectOneEntry(added, { action: "tool.created", targetType: "tool", targetId: response.body._id, details: { name: "Audit Saw" } }, before);
  });

  it("when an admin deletes a tool, then the log names tool.deleted and the tool", async () => {
    const toolId = await api.addTool();
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("DELETE", `/tools/${toolId}`, { token: admin.token }));
    expect(response.status).toBe(200);
    expectOneEntry(added, { action: "tool.deleted", targetType: "tool", targetId: toolId }, before);
  });

  it("when an admin makes a buyer admin, then the log names user.made_admin, the user and their email", async () => {
    const user = await api.signUp("promoted");
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("PUT", `/user/admin/${encodeURIComponent(user.email)}`, { token: admin.token }));
    expect(response.status).toBe(200);
    expectOneEntry(added, { action: "user.made_admin", targetType: "user", targetId: user.id, details: { email: user.email } }, before);
  });

  it("when an admin removes a user, then the log names user.removed, the user and their email", async () => {
    const user = await api.signUp("leaver");
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("DELETE", `/users/${user.id}`, { token: admin.token }));
    expect(response.status).toBe(200);
    expectOneEntry(added, { action: "user.removed", targetType: "user", targetId: user.id, details: { email: user.email } }, before);
  });

  it("when an admin marks a paid order shipped, then the log names order.shipped and the order; shipping it again adds nothing", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    await api.markPaid(orderId);
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token }));
    expect(response.status).toBe(200);
    expectOneEntry(added, { action: "order.shipped", targetType: "order", targetId: orderId, details: { userEmail: buyer.email } }, before);

    const again = await entriesAddedBy(() => api.request("PATCH", `/orders/${orderId}/shipped`, { token: admin.token }));
    expect(again.response.status).toBe(200);
    expect(again.added).toEqual([]);
  });

  it("when an admin cancels a buyer's unpaid order, then the log names order.cancelled, the order and its buyer", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    const before = Date.now();
    const { response, added } = await entriesAddedBy(() => api.request("DELETE", `/orders/${orderId}`, { token: admin.token }));
    expect(response.status).toBe(200);
    expectOneEntry(added, { action: "order.cancelled", targetType: "order", targetId: orderId, details: { userEmail: buyer.email } }, before);
  });
});

describe("what is not an admin action leaves nothing", () => {
  it("when a buyer cancels their own order, then nothing is logged", async () => {
    const orderId = await api.placeOrder(buyer, await api.addTool());
    const { response, added } = await entriesAddedBy(() => api.request("DELETE", `/orders/${orderId}`, { token: buyer.token }));
    expect(response.status).toBe(200);
    expect(added).toEqual([]);
  });

  it("when an admin cancels their own order, then nothing is logged", async () => {
    const orderId = await api.placeOrder(admin, await api.addTool());
    const { response, added } = await entriesAddedBy(() => api.request("DELETE", `/orders/${orderId}`, { token: admin.token }));
    expect(response.status).toBe(200);
    expect(added).toEqual([]);
  });

  const failures: [string, number, () => Promise<ApiResponse>][] = [
    ["an admin deletes a tool that does not exist", 404, () => api.request("DELETE", `/tools/${randomUUID()}`, { token: admin.token })],
    ["an admin creates a tool with a bad body", 400, () => api.request("POST", "/tools", { token: admin.token, body: { ...newTool, price: -1 } })],
    ["a buyer tries to create a tool", 403, () => api.request("POST", "/tools", { token: buyer.token, body: newTool })],
    ["an admin makes an unknown email admin", 404, () => api.request("PUT", "/user/admin/nobody%40toolshop.test", { token: admin.token })],
    ["an admin removes an unknown user", 404, () => api.request("DELETE", `/users/${randomUUID()}`, { token: admin.token })],
    ["an admin tries to remove themself", 403, () => api.request("DELETE", `/users/${admin.id}`, { token: admin.token })],
    ["an admin ships an order that does not exist", 404, () => api.request("PATCH", `/orders/${randomUUID()}/shipped`, { token: admin.token })],
    [
      "an admin ships an unpaid order",
      409,
      async () => api.request("PATCH", `/orders/${await api.placeOrder(buyer, await api.addTool())}/shipped`, { token: admin.token }),
    ],
    [
      "an admin cancels a paid order",
      409,
      async () => {
        const orderId = await api.placeOrder(buyer, await api.addTool());
        await api.markPaid(orderId);
        return api.request("DELETE", `/orders/${orderId}`, { token: admin.token });
      },
    ],
  ];
  for (const [what, status, act] of failures) {
    it(`when ${what} (${status}), then nothing is logged`, async () => {
      const { response, added } = await entriesAddedBy(act);
      expectProblem(response, status);
      expect(added).toEqual([]);
    });
  }
});

describe("reading the log", () => {
  it("when a visitor asks for the log, then 401; a buyer, then 403", async () => {
    expectProblem(await api.request("GET", "/audit-log"), 401);
    expectProblem(await api.request("GET", "/audit-log", { token: buyer.token }), 403);
  });

  it("when an admin reads the log in pages, then entries come newest first and `before` continues where a page ended", async () => {
    for (let i = 0; i < 3; i += 1) await api.request("POST", "/tools", { token: admin.token, body: { ...newTool, name: `Paged Saw ${i}` } });
    const firstPage = await auditLog("?limit=2");
    expect(firstPage.map((e) => e.details.name)).toEqual(["Paged Saw 2", "Paged Saw 1"]);
    const secondPage = await auditLog(`?limit=2&before=${firstPage[1]!._id}`);
    expect(secondPage[0]!.details.name).toBe("Paged Saw 0");
    const all = await auditLog();
    const ids = all.map((e) => Number(e._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("when more entries exist than one page holds, then a page stops at 200", async () => {
    const filler = Array.from({ length: 205 }, (_, i) => ({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "tool.deleted" as const,
      targetType: "tool" as const,
      targetId: `filler-${i}`,
    }));
    await api.stores.change(async ({ tx }) => {
      for (const entry of filler) await api.stores.audit.append(tx, { ...entry, details: {} });
    });
    const page = await auditLog();
    expect(page).toHaveLength(200);
    expect(page[0]!.targetId).toBe("filler-204");
    expectValidationProblem(await api.request("GET", "/audit-log?limit=201", { token: admin.token }));
  });

  it.each(["?limit=0", "?limit=abc", "?before=abc", "?before=-1", "?before=1e3", "?sort=asc"])(
    "when the query is %s, then it is refused with 400",
    async (query) => {
      expectValidationProblem(await api.request("GET", `/audit-log${query}`, { token: admin.token }));
    },
  );
});
