import type { Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, type Account, placeOrder } from "../support/api.js";
import { expect, logIn, test } from "../support/fixtures.js";
import { axeViolations } from "../support/page-checks.js";
import { addWish, buyersRouteData, openPage, type Role, routesOf, settled } from "../support/routes.js";

/** A desktop and a phone: the top bar and the tables change between them. */
const VIEWPORTS = [
  { name: "a desktop", width: 1280, height: 800 },
  { name: "a phone", width: 375, height: 812 },
];

const aOrAn = (role: Role) => (role === "admin" ? `an ${role}` : `a ${role}`);

async function signInAs(page: Page, role: Role, buyer: Account) {
  if (role === "buyer") await logIn(page, buyer);
  if (role === "admin") await logIn(page, ADMIN);
}

/** The text of the element that has focus, when it is the page's level-1 heading; otherwise what has it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element instanceof HTMLHeadingElement && element.tagName === "H1" && element.closest("main") && element.tabIndex === -1) {
      return `h1: ${element.textContent?.trim()}`;
    }
    return `not the heading: <${element?.tagName.toLowerCase()}> ${element?.textContent?.trim().slice(0, 40) ?? ""}`;
  });

/** Follows a link or button as a person does, then checks that focus moved to the new page's heading. */
async function goAndExpectFocusOnHeading(page: Page, open: () => Promise<void>, heading: string | RegExp) {
  const before = new URL(page.url()).pathname;
  await open();
  await page.waitForURL((url) => url.pathname !== before);
  await settled(page);
  await expect.poll(() => focused(page)).toMatch(typeof heading === "string" ? `h1: ${heading}` : new RegExp(`^h1: ${heading.source}`));
}

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

describe("accessibility", () => {
  for (const role of ["visitor", "buyer", "admin"] as const) {
    for (const { name, width, height } of VIEWPORTS) {
      test(
        `when ${aOrAn(role)} opens every page on ${name}, then axe finds no violation`,
        async ({ page, makeAccount, tool }) => {
          const buyer = await makeAccount();
          const data = await buyersRouteData(tool, buyer);
          if (role === "admin") await addWish(buyer);
          await page.setViewportSize({ width, height });
          await signInAs(page, role, buyer);

          const found: string[] = [];
          for (const path of routesOf(role, data)) {
            await openPage(page, path);
            found.push(...(await axeViolations(page, path, width)));
          }
          expect(found).toEqual([]);
        },
        180_000,
      );
    }
  }

  test("when a visitor opens the shop, then focus stays where the browser put it; on each page they go to, it moves to the page's heading", async ({
    page,
  }) => {
    await openPage(page, "/");
    expect(await focused(page)).toMatch(/^not the heading: <body>/);

    for (const name of ["Portfolio", "Blogs", "Login"]) {
      await goAndExpectFocusOnHeading(page, () => mainMenu(page).getByRole("link", { name }).click(), name);
    }
    await goAndExpectFocusOnHeading(page, () => page.getByRole("link", { name: "Create New Account" }).click(), "Sign Up");
    await goAndExpectFocusOnHeading(page, () => mainMenu(page).getByRole("link", { name: "Home" }).click(), /\S/);
  });

  test("when a buyer signs in and moves through the dashboard, then focus lands on each page's heading, also on a page that loads its data first", async ({
    page,
    buyer,
    tool,
  }) => {
    await placeOrder(tool, buyer);
    await openPage(page, "/login");
    // Signing in sends the buyer on to the home page.
    await goAndExpectFocusOnHeading(page, () => logIn(page, buyer), /\S/);

    await goAndExpectFocusOnHeading(page, () => mainMenu(page).getByRole("link", { name: "Dashboard" }).click(), "My Orders");
    await goAndExpectFocusOnHeading(page, () => sideMenu(page).getByRole("link", { name: "Add a Review" }).click(), /.*please add a review for us/);
    await goAndExpectFocusOnHeading(page, () => sideMenu(page).getByRole("link", { name: "My Profile" }).click(), "My Profile");
    await goAndExpectFocusOnHeading(page, () => sideMenu(page).getByRole("link", { name: "My Orders" }).click(), "My Orders");
    await goAndExpectFocusOnHeading(page, () => page.getByRole("link", { name: "Pay" }).first().click(), /\S/);

    // The tool's page names its heading only once the tool has loaded.
    await mainMenu(page).getByRole("link", { name: "Home" }).click();
    await settled(page);
    const firstCard = page.getByRole("article").first();
    const toolName = (await firstCard.getByRole("heading").innerText()).trim();
    await goAndExpectFocusOnHeading(page, () => firstCard.getByRole("button", { name: "Place Order" }).click(), toolName);
  });

  test("when an admin goes through the admin pages, then focus lands on each page's heading", async ({ page }) => {
    await logIn(page, ADMIN);
    await goAndExpectFocusOnHeading(page, () => mainMenu(page).getByRole("link", { name: "Dashboard" }).click(), "My Orders");
    const pages = [
      ["All User", "All User"],
      ["User Wish", "User Wish"],
      ["Manage Tools", "Manage Tools"],
      ["Add Product", "Add New tools"],
      ["Manage All Orders", "Manage All Orders"],
      ["My Profile", "My Profile"],
    ] as const;
    for (const [link, heading] of pages) {
      await goAndExpectFocusOnHeading(page, () => sideMenu(page).getByRole("link", { name: link }).click(), heading);
    }
  });
});
