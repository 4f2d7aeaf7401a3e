import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_EMULATOR, isListening, type RunningStack, SHOP, signIn, startStack } from "./stack.js";

const dataDir = mkdtempSync(join(tmpdir(), "toolshop-stack-"));
let stack: RunningStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  let orderId = "";
  let toolId = "";

  it("when started on an empty data folder, then it serves the seeded shop and prints where and who", async () => {
    stack = await startStack(dataDir);
    expect(stack.output()).toContain("http://localhost:5000");
    expect(stack.output()).toContain("admin@toolshop.test / admin123");
    expect(stack.output()).toContain("buyer@toolshop.test / buyer123");

    const page = await fetch(SHOP);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const tools = (await (await fetch(`${SHOP}/api/tools`)).json()) as { _id: string; img: string; aq: number }[];
    expect(tools.length).toBeGreaterThanOrEqual(9);
    for (const tool of tools) {
      const image = await fetch(new URL(tool.img, SHOP));
      expect(image.status, tool.img).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\//);
    }
    toolId = tools[0]!._id;
  });

  it("when the demo accounts sign in, then the admin is an admin and the buyer is not", async () => {
    const adminToken = await signIn("admin@toolshop.test", "admin123");
    const buyerToken = await signIn("buyer@toolshop.test", "buyer123");
    const asAdmin = await fetch(`${SHOP}/api/admin/admin@toolshop.test`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(await asAdmin.json()).toEqual({ admin: true });
    const asBuyer = await fetch(`${SHOP}/api/admin/buyer@toolshop.test`, { headers: { authorization: `Bearer ${buyerToken}` } });
    expect(await asBuyer.json()).toEqual({ admin: false });

    const tool = (await (await fetch(`${SHOP}/api/tools/${toolId}`)).json()) as { moq: number };
    const placed = await fetch(`${SHOP}/api/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${buyerToken}`, "content-type": "application/json" },
      body: JSON.stringify({ toolId, quantityAmount: tool.moq, userPhone: "+1 555 0100", userAddress: "1 Main Street" }),
    });
    expect(placed.status).toBe(201);
    orderId = ((await placed.json()) as { _id: string })._id;
  });

  it("when the API gets malformed JSON through the function, then it answers 400 without a stack trace", async () => {
    const response = await fetch(`${SHOP}/api/wish`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/at JSON\.parse|node_modules/);
  });

  it("when Ctrl-C is pressed, then every process stops, and a restart keeps accounts and orders", async () => {
    expect(await stack!.stop()).toBe(0);
    expect(await isListening(SHOP)).toBe(false);
    expect(await isListening(AUTH_EMULATOR)).toBe(false);

    stack = await startStack(dataDir);
    const buyerToken = await signIn("buyer@toolshop.test", "buyer123");
    const order = await fetch(`${SHOP}/api/orders/${orderId}`, { headers: { authorization: `Bearer ${buyerToken}` } });
    expect(order.status).toBe(200);
    expect(stack.output()).not.toContain("Seeded the demo catalog");
  });
});
