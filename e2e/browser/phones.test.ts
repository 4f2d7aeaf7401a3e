import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN } from "../support/api.js";
import { ARTIFACTS, expect, logIn, see, seeNo, test, texts, topBar } from "../support/fixtures.js";
import { PHONE, sidewaysOverflow } from "../support/page-checks.js";
import { addWish, buyersRouteData, openPage, type Role, routesOf, settled } from "../support/routes.js";

/** The pages whose table has a row for the person in these tests (an order, users, a wish). */
const PAGES_WITH_A_TABLE: Record<Role, string[]> = {
  visitor: [],
  buyer: ["/dashboard", "/dashboard/orders"],
  admin: ["/dashboard/allUsers", "/dashboard/wishList", "/dashboard/allOrders"],
};

/** Is the element on screen, whole, and the one a tap on its middle reaches (nothing clips or covers it)? */
function whereIs(element: Locator) {
  return element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const inView = box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const reachable = hit !== null && (hit === target || target.contains(hit));
    return { inView, reachable, text: target.textContent?.trim() ?? "" };
  });
}

/**
 * On a phone a table's rows are cards: the first row of values has its every value named by its
 * column's header (its cell's label), and its every link and button is on screen and not clipped once
 * scrolled to. A row that is one cell across the table is the heading of the rows under it (a
 * checkout's, in My Orders): it names no column, and its links are checked as a row's are.
 */
async function firstRowProblems(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await page.getByRole("main").locator("table").all()) {
    const headers = await texts(table.locator("thead th"));
    const valuesRow = table.locator("tbody tr:has(> td + td)").first();
    const headingRow = table.locator("tbody tr:not(:has(> td + td))").first();
    const cells = valuesRow.locator("td");
    const labels = await cells.evaluateAll((tds) =>
      tds.map((td) => ({
        shown: getComputedStyle(td).display !== "none",
        label: getComputedStyle(td, "::before").content.replace(/^"|"$/g, ""),
        text: td.textContent?.trim() ?? "",
      })),
    );
    labels.forEach(({ shown, label, text }, index) => {
      if (shown && label !== headers[index]) found.push(`${path}: the cell "${text}" is labelled "${label}", not "${headers[index]}"`);
    });
    for (const [row, which] of [
      [valuesRow, "the first row"],
      [headingRow, "the first heading row"],
    ] as const) {
      const actions = row.locator("a, button");
      for (let index = 0; index < (await actions.count()); index++) {
        const action = actions.nth(index);
        await action.scrollIntoViewIfNeeded();
        const { inView, reachable, text } = await whereIs(action);
        if (!inView) found.push(`${path}: "${text}" in ${which} is not wholly on screen`);
        if (!reachable) found.push(`${path}: "${text}" in ${which} is covered or clipped`);
      }
    }
  }
  return found;
}

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const menuButton = (page: Page) => topBar(page).getByRole("button", { name: "Menu" });

describe("on a phone, 375 × 812", () => {
  for (const role of ["visitor", "buyer", "admin"] as const) {
    test(
      `when ${role === "admin" ? "an" : "a"} ${role} opens every page, then nothing is wider than the screen and the first row of each table has its values labelled and its actions in view`,
      async ({ page, makeAccount, tool }) => {
        const buyer = await makeAccount();
        const data = await buyersRouteData(tool, buyer);
        if (role === "admin") await addWish(buyer);
        await page.setViewportSize(PHONE);
        if (role === "buyer") await logIn(page, buyer);
        if (role === "admin") await logIn(page, ADMIN);

        const found: string[] = [];
        for (const path of routesOf(role, data)) {
          await openPage(page, path);
          found.push(...(await sidewaysOverflow(page, path)));
          if (PAGES_WITH_A_TABLE[role].includes(path)) {
            expect(await page.getByRole("main").locator("table tbody tr:has(> td + td)").count(), `${path} has a row of values`).toBeGreaterThan(0);
          }
          found.push(...(await firstRowProblems(page, path)));
        }
        if (found.length > 0) {
          mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({ path: join(ARTIFACTS, `phone-${role}.png`), fullPage: true });
        }
        expect(found).toEqual([]);
      },
      180_000,
    );
  }

  test("when a visitor opens the menu button, then the links show, the cart staying in the bar; Escape closes them and focus is back on the button; a link followed closes them", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await openPage(page, "/");
    await see(topBar(page).getByRole("link", { name: "Login" }));
    // The cart stays in the bar beside Login, out of the menu: an icon named with what it holds.
    expect(await whereIs(topBar(page).getByRole("link", { name: "Cart (0)", exact: true }))).toMatchObject({ inView: true, reachable: true });
    await seeNo(mainMenu(page).getByRole("link", { name: "Blogs" }));
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");
    const list = page.locator(`#${await menuButton(page).getAttribute("aria-controls")}`);

    await menuButton(page).click();
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("true");
    await see(list);
    expect(await texts(list.getByRole("link"))).toEqual(["Home", "Tools", "Portfolio", "Blogs"]);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await page.keyboard.press("Escape");
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");
    await seeNo(list);
    expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);

    await menuButton(page).click();
    await list.getByRole("link", { name: "Blogs" }).click();
    await page.waitForURL((url) => url.pathname === "/blogs");
    await settled(page);
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");
    await seeNo(list);
  });

  test("when an admin opens the dashboard, then its menu is one row that scrolls within itself, and the page shown is in its view", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await logIn(page, ADMIN);
    await openPage(page, "/dashboard");
    const links = sideMenu(page).getByRole("link");
    expect(await links.count()).toBe(7);
    const tops = await links.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(new Set(tops).size, "the menu's links are in one row").toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The last link is past the row's right edge until the row is scrolled to it.
    await openPage(page, "/dashboard/allOrders");
    const active = sideMenu(page).getByRole("link", { name: "Manage All Orders" });
    expect(await whereIs(active)).toMatchObject({ inView: true, reachable: true });
  });
});
