import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { markShipped, payOrder, placeOrder, shopStore } from "../support/api.js";
import { expect, fact, logIn, row, see, test } from "../support/fixtures.js";

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * How long a change made elsewhere may take to reach an open page. On Firestore the page listens and
 * shows it at once: well within the 15 s the pages otherwise wait between two asks of the API, which
 * is what they do on PostgreSQL, so there it is one such wait and some.
 */
async function arrivesWithin(): Promise<number> {
  return (await shopStore()) === "firestore" ? 8_000 : 25_000;
}

/** Marks the page's visit, so that the test can tell it was not loaded again meanwhile. */
async function markVisit(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameVisit: true }));
}

async function sameVisit(page: Page): Promise<boolean> {
  return page.evaluate(() => "sameVisit" in window);
}

const seeWithin = (locator: Locator, timeout: number) => locator.waitFor({ state: "visible", timeout });

async function openMyOrders(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await see(page.getByRole("heading", { name: "My Orders" }));
}

describe("an order's status, as it changes", () => {
  test("when a buyer has My Orders open and the order is paid elsewhere and then shipped by the admin, then Paid and Shipped appear without a reload", async ({
    page,
    buyer,
    tool,
    adminToken,
  }) => {
    const within = await arrivesWithin();
    const order = await placeOrder(tool, buyer, 5);
    await logIn(page, buyer);
    await openMyOrders(page);
    const mine = row(page, tool.name);
    const status = mine.getByRole("cell").nth(6);
    await see(status.getByText("Awaiting payment"));
    await markVisit(page);

    // Paid from another device, through the API.
    await payOrder(order, buyer);
    await seeWithin(status.getByText("Paid · awaiting shipment"), within);
    expect(await mine.getByRole("cell").nth(7).innerText()).toBe("Shipped");
    expect(await mine.getByRole("link", { name: "Pay" }).count()).toBe(0);

    await markShipped(order._id, adminToken);
    await seeWithin(status.getByText("Shipped", { exact: true }), within);
    expect(await sameVisit(page)).toBe(true);
  }, 120_000);

  test("when a buyer has the order's page open and the admin ships it, then it says Shipped with the carrier and the shipment on its timeline, without a reload", async ({
    page,
    buyer,
    tool,
    adminToken,
  }) => {
    const within = await arrivesWithin();
    const order = await placeOrder(tool, buyer, 5);
    await payOrder(order, buyer);
    await logIn(page, buyer);
    await openMyOrders(page);
    await row(page, tool.name).getByRole("link", { name: `Order ${orderNumber(order._id)}` }).click();
    await see(page.getByRole("heading", { level: 1, name: `Order ${orderNumber(order._id)}` }));
    expect(await fact(page.getByRole("main"), "Status")).toBe("Paid · awaiting shipment");
    await markVisit(page);

    await markShipped(order._id, adminToken, { carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
    const summary = page.getByRole("main");
    await seeWithin(summary.locator("dd").getByText("Shipped", { exact: true }), within);
    expect(await fact(summary, "Carrier")).toBe("UPS");
    expect(await fact(summary, "Tracking number")).toBe("1Z999AA10123456784");
    await see(page.getByRole("region", { name: "Timeline" }).getByText("Shipped"));
    expect(await sameVisit(page)).toBe(true);
  }, 120_000);
});
