import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, getTool, payOrder, placeOrder } from "../support/api.js";
import { expect, fact, logIn, row, see, seeNo, test, texts, toast } from "../support/fixtures.js";
import { openPage } from "../support/routes.js";

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

const searchForm = (page: Page) => page.getByRole("search", { name: "Orders" });
const ordersTable = (page: Page) => page.getByRole("region", { name: "All orders" }).getByRole("table");
/** The order numbers of the rows shown, top to bottom. */
const numbersShown = (page: Page) => texts(ordersTable(page).locator("tbody tr td:first-of-type"));
/** The contract's second Status cell of a row (docs/product.md §3.10): where the order is on its way. */
const fulfilment = (order: Locator) => order.getByRole("cell").nth(6);

async function searchFor(page: Page, words: string) {
  await searchForm(page).getByLabel("Search by email, name, tool or order number").fill(words);
  await searchForm(page).getByRole("button", { name: "Search" }).click();
}

/** axe's findings on the page in view, one line per rule and element. */
async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((rule) => rule.nodes.map((node) => `${rule.id} ${node.target.join(" ")}: ${rule.help}`));
}

/** Whether the element is wholly on screen and is what a tap on its middle reaches. */
const inReach = (element: Locator) =>
  element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const inView = box.width > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    return inView && hit !== null && (hit === target || target.contains(hit));
  });

describe("Manage All Orders, for a shop with many orders", () => {
  test("when an admin searches for a buyer's email and filters by status, then only those orders show, Back undoes the filter, and a paid order is cancelled and refunded after Yes; the buyer's My Orders says Refunded", async ({
    page,
    buyer,
    tool,
    newPage,
  }) => {
    const unpaid = await placeOrder(tool, buyer, 5);
    const paid = await placeOrder(tool, buyer, 6);
    await payOrder(paid, buyer);
    expect((await getTool(tool._id)).aq).toBe(39);

    await logIn(page, ADMIN);
    await openPage(page, "/dashboard/allOrders");
    await searchFor(page, buyer.email);
    await page.waitForURL((url) => url.searchParams.get("q") === buyer.email && !url.searchParams.has("status"));
    // Newest first.
    await expect.poll(() => numbersShown(page)).toEqual([orderNumber(paid._id), orderNumber(unpaid._id)]);
    await see(ordersTable(page).getByRole("rowheader").first().locator("time"));

    await searchForm(page).getByLabel("Status").selectOption({ label: "Paid · awaiting shipment" });
    await page.waitForURL((url) => url.searchParams.get("status") === "paid" && url.searchParams.get("q") === buyer.email);
    await expect.poll(() => numbersShown(page)).toEqual([orderNumber(paid._id)]);

    await page.goBack();
    await expect.poll(() => numbersShown(page)).toEqual([orderNumber(paid._id), orderNumber(unpaid._id)]);
    expect(await searchForm(page).getByLabel("Status").inputValue()).toBe("");
    expect(await searchForm(page).getByLabel("Search by email, name, tool or order number").inputValue()).toBe(buyer.email);

    const toRefund = row(ordersTable(page), orderNumber(paid._id));
    await see(fulfilment(toRefund).getByText("Pending"));
    await fulfilment(toRefund).getByRole("button", { name: "Cancel and refund" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel and refund order ${orderNumber(paid._id)}?` });
    await see(dialog);
    await dialog.getByRole("button", { name: "Yes" }).click();

    await see(toast(page, `Order ${orderNumber(paid._id)} cancelled and refunded`));
    await expect.poll(() => fulfilment(toRefund).innerText()).toBe("Refunded");
    expect(await toRefund.getByRole("button").count()).toBe(0);
    // Its units are back on sale; the unpaid order still holds its own.
    expect((await getTool(tool._id)).aq).toBe(45);
    expect(await texts(row(ordersTable(page), orderNumber(unpaid._id)).getByRole("cell"))).toEqual([
      orderNumber(unpaid._id),
      buyer.name,
      tool.name,
      "5 units",
      "$60",
      "Unpaid",
      "Awaiting payment",
      "Cancel",
    ]);

    await page.screenshot({ path: "/tmp/aoa-refunded-1280.png", fullPage: true });
    const theirs = await newPage();
    await logIn(theirs, buyer);
    await openPage(theirs, "/dashboard/orders");
    const mine = row(theirs.getByRole("table"), orderNumber(paid._id));
    expect((await texts(mine.getByRole("cell"))).slice(3)).toEqual([tool.name, "6 units", "$72", "Refunded", "Refunded", ""]);
    expect(await mine.getByRole("link", { name: "Pay" }).count()).toBe(0);
    expect(await mine.getByRole("button").count()).toBe(0);
  });

  test("when an admin ships an order with a carrier and a tracking number, then the row and the buyer's order page show them", async ({ page, buyer, tool, newPage }) => {
    const order = await placeOrder(tool, buyer, 5);
    await payOrder(order, buyer);

    await logIn(page, ADMIN);
    await openPage(page, "/dashboard/allOrders");
    await searchFor(page, orderNumber(order._id));
    const listed = row(ordersTable(page), orderNumber(order._id));
    const cell = fulfilment(listed);
    await cell.getByLabel("Carrier").fill("DHL Express");
    await cell.getByLabel("Tracking number").fill("JD014600006281230476");
    await cell.getByRole("button", { name: "Shipped" }).click();
    await seeNo(cell.getByText("Pending"));
    await expect.poll(() => cell.innerText()).toMatch(/^Shipped\s+DHL Express\s+Tracking: JD014600006281230476$/);

    await page.screenshot({ path: "/tmp/aoa-shipped-1280.png", fullPage: true });
    const theirs = await newPage();
    await logIn(theirs, buyer);
    await openPage(theirs, `/dashboard/orders/${order._id}`);
    await theirs.screenshot({ path: "/tmp/aoa-orderpage.png", fullPage: true });
    const main = theirs.getByRole("main");
    expect(await fact(main, "Status")).toBe("Shipped");
    expect(await fact(main, "Carrier")).toBe("DHL Express");
    expect(await fact(main, "Tracking number")).toBe("JD014600006281230476");
  });

  test("when a paid order is listed, then at 1280 px the table fits beside the menu with Cancel in view, and at 375 px it is a card with every value named and every action in reach; axe finds nothing at either", async ({
    page,
    buyer,
    tool,
  }) => {
    // The widest rows: one with the shipping form, one with Awaiting payment and Cancel.
    await placeOrder(tool, buyer, 5);
    const order = await placeOrder(tool, buyer, 6);
    await payOrder(order, buyer);
    await logIn(page, ADMIN);
    await openPage(page, `/dashboard/allOrders?q=${encodeURIComponent(buyer.email)}`);

    const region = page.getByRole("region", { name: "All orders" });
    const widths = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll, "the table scrolls sideways at 1280 px").toBeLessThanOrEqual(widths.client);
    const cancelHeader = ordersTable(page).getByRole("columnheader", { name: "Cancel" });
    expect(await inReach(cancelHeader)).toBe(true);
    const listed = row(ordersTable(page), orderNumber(order._id));
    const actions = [
      fulfilment(listed).getByLabel("Carrier"),
      fulfilment(listed).getByLabel("Tracking number"),
      fulfilment(listed).getByRole("button", { name: "Shipped" }),
      fulfilment(listed).getByRole("button", { name: "Cancel and refund" }),
    ];
    for (const action of actions) {
      await action.scrollIntoViewIfNeeded();
      expect(await inReach(action)).toBe(true);
    }
    expect(await violations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: "/tmp/aoa-375.png", fullPage: true });
    await page.setViewportSize({ width: 800, height: 812 });
    await page.screenshot({ path: "/tmp/aoa-800.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const headers = await texts(ordersTable(page).locator("thead th"));
    const labels = await listed.locator("td").evaluateAll((cells) =>
      cells.filter((cell) => getComputedStyle(cell).display !== "none").map((cell) => getComputedStyle(cell, "::before").content.replace(/^"|"$/g, "")),
    );
    expect(labels).toEqual(headers.slice(0, 7));
    // The card is as wide as the screen less the page's margins, and headed by the day.
    const card = await listed.boundingBox();
    expect(card!.width).toBeLessThanOrEqual(375);
    expect(await listed.getByRole("rowheader").evaluate((header) => getComputedStyle(header).display)).toBe("block");
    for (const action of actions) {
      await action.scrollIntoViewIfNeeded();
      expect(await inReach(action)).toBe(true);
    }
    expect(await violations(page)).toEqual([]);
  });
});
