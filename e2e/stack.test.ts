import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_EMULATOR, isListening, type RunningStack, SHOP, signIn, startStack } from "./stack.js";
import { checkHostileRequests } from "./support/hostile-requests.js";
import nodemailer from "nodemailer";
import { type Account, getTool, type Order, payOrder, placeOrder, signInToApi } from "./support/api.js";
import { MAIL_INBOX, mailTo } from "./support/mail.js";

const dataDir = mkdtempSync(join(tmpdir(), "toolshop-stack-"));
let stack: RunningStack | undefined;

/**
 * The restart runs the scheduled jobs every second with a hold of about a second (0.018 min), so an
 * unpaid order is released while the test watches; the first start keeps the defaults.
 */
// This file signs in more often than a person would (the hostile requests alone take three), all
// from one address: the sign-in limit is raised so that it cannot decide a test.
const SIGN_IN_LIMIT = { RATE_LIMIT_SIGN_IN_PER_MINUTE: "100" };
const FAST_JOBS = { ...SIGN_IN_LIMIT, ORDER_HOLD_MINUTES: "0.018", JOBS_INTERVAL_SECONDS: "1" };

const IMMUTABLE = "public, max-age=31536000, immutable";
const SHORT_LIVED = "public, max-age=3600";

const deployedPagePolicy = (() => {
  const config = JSON.parse(readFileSync(new URL("../firebase.json", import.meta.url), "utf8")) as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  };
  const pageRule = config.hosting.headers.find((rule) => rule.source === "**")!;
  return pageRule.headers.find((header) => header.key === "Content-Security-Policy")!.value;
})();

/** A policy as its directives, each with its sources, for comparing two policies. */
const directives = (policy: string) =>
  Object.fromEntries(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

async function demoBuyer(): Promise<Account> {
  const email = "buyer@toolshop.test";
  const password = "buyer123";
  const { token, user } = await signInToApi(email, password);
  return { _id: user._id, email, password, name: user.name, token };
}

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  let orderId = "";
  let toolId = "";

  it("when started on an empty data folder, then it serves the seeded shop and prints where and who", async () => {
    stack = await startStack(dataDir, SIGN_IN_LIMIT);
    expect(stack.output()).toContain("http://localhost:5000");
    expect(stack.output()).toContain("admin@toolshop.test / admin123");
    expect(stack.output()).toContain("buyer@toolshop.test / buyer123");
    expect(stack.output()).toContain(`E-mail the shop sends arrives at ${MAIL_INBOX}`);

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

  it("when files are served, then hashed assets are immutable, every page is no-cache, and robots.txt is itself", async () => {
    const page = await fetch(SHOP);
    const html = await page.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const style = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(script && style, html).toBeTruthy();

    for (const path of [script!, style!]) {
      const asset = await fetch(`${SHOP}${path}`);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get("cache-control"), path).toBe(IMMUTABLE);
    }
    // The SPA fallback answers every route with index.html: each of those answers is no-cache too.
    for (const path of ["/", "/index.html", "/dashboard/orders", "/tools/anything"]) {
      const answer = await fetch(`${SHOP}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(answer.headers.get("cache-control"), path).toBe("no-cache");
    }
    // A chunk an old tab asks for after a deploy is missing, not the app's page cached for a year.
    const missing = await fetch(`${SHOP}/assets/gone-0000aaaa.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');

    const robots = await fetch(`${SHOP}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    const rules = await robots.text();
    expect(rules).not.toContain("<html");
    expect(rules).toMatch(/^Disallow: \/dashboard$/m);
    expect(rules).toMatch(/^Disallow: \/api\/$/m);

    for (const path of ["/robots.txt", "/favicon.svg", "/images/tools/claw-hammer.svg"]) {
      expect((await fetch(`${SHOP}${path}`)).headers.get("cache-control"), path).toBe(SHORT_LIVED);
    }
    // The API's own answers get no caching header from Hosting's rules for files.
    expect((await fetch(`${SHOP}/api/tools`)).headers.get("cache-control")).not.toMatch(/no-cache|max-age/);
  });

  it("when a client accepts gzip, then the catalog comes through the function compressed, and plain to one that does not", async () => {
    // fetch decodes what it asked for, and keeps the Content-Encoding header that says it did.
    const zipped = await fetch(`${SHOP}/api/tools`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(`${SHOP}/api/tools`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await zipped.json()).toEqual(await plain.json());
  });

  it("when the page is served locally, then its CSP allows the Auth and Firestore emulators and is otherwise the deployed one", async () => {
    const served = (await fetch(`${SHOP}/dashboard`)).headers.get("content-security-policy")!;
    const emulator = ["http://127.0.0.1:9099", "http://localhost:9099"];
    const firestoreEmulator = ["http://127.0.0.1:8080", "http://localhost:8080"];
    const expected = directives(deployedPagePolicy);
    expected["connect-src"] = [...expected["connect-src"]!, ...emulator, ...firestoreEmulator];
    expected["frame-src"] = [...expected["frame-src"]!, ...emulator];
    expect(directives(served)).toEqual(expected);
  });

  it("when the demo accounts sign in, then the admin is an admin and the buyer is not, and the buyer can order and pay", async () => {
    const adminToken = await signIn("admin@toolshop.test", "admin123");
    const buyerToken = await signIn("buyer@toolshop.test", "buyer123");
    const asAdmin = await fetch(`${SHOP}/api/admin/admin@toolshop.test`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(await asAdmin.json()).toEqual({ admin: true });
    const asBuyer = await fetch(`${SHOP}/api/admin/buyer@toolshop.test`, { headers: { authorization: `Bearer ${buyerToken}` } });
    expect(await asBuyer.json()).toEqual({ admin: false });

    // Paid, so that the restart's fast release below leaves it alone.
    const buyer = await demoBuyer();
    const order = await placeOrder(await getTool(toolId), buyer);
    await payOrder(order, buyer);
    orderId = order._id;
  });

  it("when the API gets malformed JSON through the function, then it answers 400 without a stack trace", async () => {
    const response = await fetch(`${SHOP}/api/wish`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/at JSON\.parse|node_modules/);
  });

  it("when hostile requests come through the front door and the emulators, then none gets a 5xx, internals or x-powered-by", async () => {
    const buyerToken = await signIn("buyer@toolshop.test", "buyer123");
    expect(await checkHostileRequests(SHOP, { signInToken: buyerToken, via: "firebase-emulators" })).toEqual([]);
  });

  it("when Ctrl-C is pressed, then every process stops, and a restart keeps accounts and orders", async () => {
    expect(await stack!.stop()).toBe(0);
    expect(await isListening(SHOP)).toBe(false);
    expect(await isListening(AUTH_EMULATOR)).toBe(false);

    stack = await startStack(dataDir, FAST_JOBS);
    const buyerToken = await signIn("buyer@toolshop.test", "buyer123");
    const order = await fetch(`${SHOP}/api/orders/${orderId}`, { headers: { authorization: `Bearer ${buyerToken}` } });
    expect(order.status).toBe(200);
    expect(((await order.json()) as Order).paid).toBe(true);
    expect(stack.output()).not.toContain("Seeded the demo catalog");
    // The inbox is kept too, with the order's receipt in it once.
    const number = orderId.slice(0, 8).toUpperCase();
    const receipts = async () => (await mailTo("buyer@toolshop.test")).filter((mail) => mail.subject === `Receipt for order ${number}`).length;
    await expect.poll(receipts, { timeout: 10_000 }).toBe(1);
  });

  it("when the local mail server receives a message twice under one Message-ID, then its inbox keeps one, as a buyer's mail system does", async () => {
    const transport = nodemailer.createTransport("smtp://127.0.0.1:1025");
    const to = `twice-${Date.now()}@toolshop.test`;
    const message = { from: "Toolshop <orders@localhost>", to, subject: "Sent twice", text: "Once is enough.", messageId: `<twice-${Date.now()}@localhost>` };
    await transport.sendMail(message);
    await transport.sendMail(message);
    transport.close();
    await expect.poll(async () => (await mailTo(to)).length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailTo(to)).toHaveLength(1);
  });

  it("when an unpaid order outlives its hold, then the local job timer releases it and its units go back on sale", async () => {
    const buyer = await demoBuyer();
    const before = await getTool(toolId);
    const order = await placeOrder(before, buyer);
    const placedAt = Date.now();

    await expect
      .poll(async () => (await fetch(`${SHOP}/api/orders/${order._id}`, { headers: { authorization: `Bearer ${buyer.token}` } })).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(404);
    console.log(`The order was released ${((Date.now() - placedAt) / 1000).toFixed(1)} s after it was placed.`);
    await expect.poll(async () => (await getTool(toolId)).aq, { timeout: 5_000, interval: 250 }).toBe(before.aq);
    expect(stack!.output()).toContain("jobs: Released 1 unpaid order past its hold");
  });
});
