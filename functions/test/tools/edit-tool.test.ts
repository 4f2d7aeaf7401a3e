import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry } from "../../src/modules/audit/audit.schemas.js";
import type { ManageToolsPage, Tool } from "../../src/modules/tools/tools.schemas.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// PATCH /api/tools/{id} (issue 13, point 1): an admin edits a tool's name, price, description, image and minimum order.

let api: TestApi;
let admin: SignedInUser;
let buyer: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  [admin, buyer] = await Promise.all([api.signUpAdmin(), api.signUp()]);
});
afterAll(() => api?.stop());

const edit = (id: string, body: unknown) => api.request("PATCH", `/tools/${id}`, { token: admin.token, body });
const toolOf = async (id: string) => (await api.request<Tool>("GET", `/tools/${id}`)).body;
const auditOf = async (id: string) =>
  (await api.request<AuditEntry[]>("GET", "/audit-log", { token: admin.token })).body.filter((entry) => entry.targetId === id);

describe("editing a tool", () => {
  it("when an admin changes the name and price, then the answer is the tool as GET /api/tools/{id} sends it, everywhere at once", async () => {
    const id = await api.addTool({ name: "Pipe Wrench", unitPriceCents: 2450, description: "350 mm, cast iron.", minOrderQuantity: 2, stock: 40 });
    expect((await toolOf(id)).price).toBe(24.5);

    const response = await edit(id, { name: "Heavy Pipe Wrench", price: 31.99 });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      _id: id,
      name: "Heavy Pipe Wrench",
      price: 31.99,
      description: "350 mm, cast iron.",
      img: "/images/tools/torque-wrench.svg",
      moq: 2,
      aq: 40,
    });
    expect(await toolOf(id)).toEqual(response.body);
    expect((await api.request<Tool[]>("GET", "/tools")).body.find((t) => t._id === id)).toEqual(response.body);
    expect((await api.request("GET", "/catalogue?q=heavy")).body.tools).toEqual([response.body]);
  });

  it("when a tool is edited, then the audit log names each changed field with its value before, and only those", async () => {
    const id = await api.addTool({ name: "Hacksaw", unitPriceCents: 1500, description: "300 mm frame.", minOrderQuantity: 5, stock: 60 });

    await edit(id, { price: 16, description: "300 mm frame with two blades.", moq: 5 });

    const [entry, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: "tool.updated",
      targetType: "tool",
      details: { price: 16, priceBefore: 15, description: "300 mm frame with two blades.", descriptionBefore: "300 mm frame." },
    });
    expect(Object.keys(entry!.details).sort()).toEqual(["description", "descriptionBefore", "price", "priceBefore"]);
  });

  it("when the edit changes nothing, then the tool is answered as it is and nothing is recorded", async () => {
    const id = await api.addTool({ name: "Chisel", unitPriceCents: 899 });
    const response = await edit(id, { name: "Chisel", price: 8.99 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(await toolOf(id));
    expect(await auditOf(id)).toEqual([]);
  });

  it("when the minimum order is raised above the stock, then it is saved and the tool is low on stock and out of the in-stock catalogue", async () => {
    const id = await api.addTool({ name: "Rivet Gun", description: "Hand riveter.", minOrderQuantity: 2, stock: 10 });

    const response = await edit(id, { moq: 25 });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ moq: 25, aq: 10 });
    const low = await api.request<ManageToolsPage>("GET", "/admin/tools?lowStock=true&q=rivet", { token: admin.token });
    expect(low.body.tools.map((t) => t._id)).toEqual([id]);
    expect((await api.request("GET", "/catalogue?q=rivet&inStock=true")).body.tools).toEqual([]);
  });

  it("when an order was placed before the price and name changed, then it keeps the name and total it was placed with", async () => {
    const id = await api.addTool({ name: "Bolt Cutter", unitPriceCents: 3900, minOrderQuantity: 1, stock: 10 });
    const orderId = await api.placeOrder(buyer, id, 2);

    expect((await edit(id, { name: "Bolt Cutter XL", price: 45 })).status).toBe(200);

    const order = (await api.request("GET", `/orders/${orderId}`, { token: buyer.token })).body;
    expect(order).toMatchObject({ toolName: "Bolt Cutter", toolPrice: 78 });
  });

  it.each([
    ["an unknown id", () => Promise.resolve(randomUUID())],
    ["a value that is not an id", () => Promise.resolve("not-a-tool")],
    [
      "a deleted tool",
      async () => {
        const id = await api.addTool({ name: "Old Saw" });
        expect((await api.request("DELETE", `/tools/${id}`, { token: admin.token })).status).toBe(200);
        return id;
      },
    ],
  ])("when the tool is %s, then 404 and nothing is recorded", async (_, idOf) => {
    const id = await idOf();
    expectProblem(await edit(id, { price: 10 }), 404);
    expect((await auditOf(id)).filter((entry) => entry.action === "tool.updated")).toEqual([]);
  });
});

describe("edits the API refuses", () => {
  const BAD: [string, unknown, string | null][] = [
    ["no field at all", {}, null],
    ["the stock, which moves through stock movements", { aq: 500 }, "aq"],
    ["an unknown field", { discount: 5 }, "discount"],
    ["a blank name", { name: "   " }, "name"],
    ["a name too long", { name: "x".repeat(121) }, "name"],
    ["a negative price", { price: -1 }, "price"],
    ["a price with three decimals", { price: 1.234 }, "price"],
    ["a price as text", { price: "12" }, "price"],
    ["a minimum order of 0", { moq: 0 }, "moq"],
    ["a minimum order in halves", { moq: 2.5 }, "moq"],
    ["an image that is no URL", { img: "grinder.png" }, "img"],
    ["a null description", { description: null }, "description"],
    ["a good field beside a bad one", { name: "Fine Name", price: -5 }, "price"],
  ];

  it.each(BAD)("when the body has %s, then 400 names the field and the tool is unchanged", async (_, body, field) => {
    const id = await api.addTool({ name: "Level Laser", unitPriceCents: 5900, minOrderQuantity: 2, stock: 30 });
    const before = await toolOf(id);

    const response = await edit(id, body);

    expectValidationProblem(response);
    if (field !== null) expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(`body/${field}`);
    expect(await toolOf(id)).toEqual(before);
    expect(await auditOf(id)).toEqual([]);
  });

  it("when the body is not an object, then 400 and the tool is unchanged", async () => {
    const id = await api.addTool({ name: "Stud Finder" });
    const before = await toolOf(id);
    for (const body of [[], "price", 12]) expectValidationProblem(await edit(id, body));
    expect(await toolOf(id)).toEqual(before);
  });
});
