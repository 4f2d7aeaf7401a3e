import type { Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, createTool, deleteTool, payOrder, placeOrder } from "../support/api.js";
import { expect, logIn, see, test } from "../support/fixtures.js";

// Issue 13: the dashboard's index shows an admin the shop's figures, each a way into its list.

const figure = (page: Page, label: string) =>
  page.getByRole("region", { name: "Shop overview" }).getByRole("link", { name: new RegExp(`^${label}`) });

/** The number a figure shows: "3 orders" is 3. */
const countIn = async (page: Page, label: string) => Number((await figure(page, label).innerText()).match(/(\d+)\s+\w+\s*$/)![1]);

describe("the admin's overview", () => {
  test("when an admin opens the dashboard, then My Orders comes first and the overview counts a new paid order and a tool low on stock, each linking to its filtered list", async ({
    page,
    buyer,
    tool,
    adminToken,
  }) => {
    const scarce = await createTool(adminToken, { aq: 1, moq: 5 });
    try {
      await logIn(page, ADMIN);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
      await see(page.getByRole("heading", { name: "My Orders", level: 1 }));
      await see(figure(page, "Awaiting shipment"));
      const awaiting = await countIn(page, "Awaiting shipment");

      await payOrder(await placeOrder(tool, buyer), buyer);
      // The overview is kept for half a second (decision 6): a reload that soon may show the figure before.
      await expect
        .poll(
          async () => {
            await page.reload();
            await see(figure(page, "Awaiting shipment"));
            return countIn(page, "Awaiting shipment");
          },
          { timeout: 10_000 },
        )
        .toBe(awaiting + 1);
      expect(await countIn(page, "Low on stock")).toBeGreaterThanOrEqual(1);

      await figure(page, "Awaiting shipment").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/allOrders" && url.searchParams.get("status") === "paid");
      await page.goBack();
      await figure(page, "Low on stock").click();
      await page.waitForURL((url) => url.pathname === "/dashboard/manageTools" && url.searchParams.get("lowStock") === "true");
      await see(page.getByRole("article").filter({ has: page.getByRole("heading", { name: scarce.name, exact: true }) }));
    } finally {
      await deleteTool(scarce._id, adminToken);
    }
  });

  test("when a buyer opens the dashboard, then there is no overview", async ({ page, buyer }) => {
    await logIn(page, buyer);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await see(page.getByRole("heading", { name: "My Orders", level: 1 }));
    expect(await page.getByRole("region", { name: "Shop overview" }).count()).toBe(0);
  });
});
