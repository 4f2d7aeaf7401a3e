import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, createTool, deleteTool, getTool } from "../support/api.js";
import { expect, fact, logIn, see, seeNo, test, texts, toast } from "../support/fixtures.js";

// Issue 13: Manage Tools edits and restocks tools, marks those low on stock and finds them.

async function openManageTools(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Manage Tools" }).click();
  await see(page.getByRole("heading", { name: "Manage Tools", level: 1 }));
}

/** The card of a tool on Manage Tools. */
const toolCard = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
const cardNames = (page: Page) => texts(page.getByRole("article").getByRole("heading"));

/** axe's findings on the page in view, one line per rule and element. */
async function axeFindings(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap((rule) => rule.nodes.map((node) => `${where}: ${rule.id} ${node.target.join(" ")}: ${rule.help}`));
}

/** Whether the page, or anything on it, is wider than the screen. */
const runsOffTheSide = (page: Page) =>
  page.evaluate(() => [document.documentElement, ...document.body.querySelectorAll("*")].some((element) => element.getBoundingClientRect().width > window.innerWidth + 0.5));

async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Search tools" }).fill(words);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === words);
}

describe("Manage Tools", () => {
  test("when an admin edits a tool's price, then 'updated successfully' shows, the card has the new price and so has the tool's page", async ({ page, tool }) => {
    await logIn(page, ADMIN);
    await openManageTools(page);
    await search(page, tool.name);
    const card = toolCard(page, tool.name);
    await see(card);

    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit ${tool.name}` });
    await see(dialog);
    expect(await dialog.getByLabel("Tools Name").inputValue()).toBe(tool.name);
    expect(await dialog.getByLabel("Price").inputValue()).toBe("12.75");
    await dialog.getByLabel("Price").fill("14.5");
    await dialog.getByRole("button", { name: "Save changes" }).click();

    await see(toast(page, "updated successfully"));
    await seeNo(dialog);
    await expect.poll(() => fact(card, "Price")).toBe("$14.50 per unit");
    expect((await getTool(tool._id)).price).toBe(14.5);

    await card.getByRole("link", { name: tool.name }).click();
    await page.waitForURL((url) => url.pathname === `/tools/${tool._id}`);
    await expect.poll(() => fact(page.getByRole("main"), "Price")).toBe("$14.50 per unit");
  });

  test("when an admin restocks a tool, then the dialog shows the new stock, and so do the card and the tool's page; a correction beyond the stock is refused", async ({
    page,
    tool,
  }) => {
    await logIn(page, ADMIN);
    await openManageTools(page);
    await search(page, tool.name);
    const card = toolCard(page, tool.name);
    await see(card);

    await card.getByRole("button", { name: "Restock" }).click();
    const dialog = page.getByRole("dialog", { name: `Restock ${tool.name}` });
    await see(dialog.getByText("50 units"));
    await dialog.getByLabel("Quantity").fill("25");
    await dialog.getByLabel("Reason").fill("Delivery 4411");
    await dialog.getByRole("button", { name: "Add stock" }).click();
    await see(dialog.getByRole("status").getByText("Put 25 units on the shelf. Available quantity is now 75 units."));

    await dialog.getByRole("radio", { name: /Correction/ }).check();
    await dialog.getByLabel("Quantity").fill("80");
    await dialog.getByLabel("Reason").fill("Counted short");
    await dialog.getByRole("button", { name: "Take off stock" }).click();
    await see(dialog.getByRole("alert").getByText(/Only 75 units are on the shelf/));
    expect((await getTool(tool._id)).aq).toBe(75);

    await dialog.getByRole("button", { name: "Close" }).click();
    await seeNo(dialog);
    await expect.poll(() => fact(card, "Available quantity")).toBe("75 units");

    await page.goto(`/tools/${tool._id}`);
    await expect.poll(() => fact(page.getByRole("main"), "Available quantity")).toBe("75 units");
  });

  test("when a tool's stock is below its minimum order, then its card is marked Low on stock with its date added, and the filter finds it and leaves out tools in stock", async ({
    page,
    tool,
    adminToken,
    onTestFinished,
  }) => {
    const low = await createTool(adminToken, { moq: 10, aq: 3 });
    onTestFinished(() => deleteTool(low._id, adminToken));

    await logIn(page, ADMIN);
    await openManageTools(page);
    const lowCard = toolCard(page, low.name);
    await see(lowCard);
    await see(lowCard.getByText("Low on stock"));
    await see(lowCard.locator("time"));
    await seeNo(toolCard(page, tool.name).getByText("Low on stock"));

    await page.getByRole("checkbox", { name: "Low on stock" }).check();
    await page.waitForURL((url) => url.searchParams.get("lowStock") === "true");
    await expect.poll(() => cardNames(page)).toContain(low.name);
    expect(await cardNames(page)).not.toContain(tool.name);
    for (const card of await page.getByRole("article").all()) await see(card.getByText("Low on stock"));

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await see(toolCard(page, low.name));
    expect(await page.getByRole("checkbox", { name: "Low on stock" }).isChecked()).toBe(true);
  });

  test("when an admin on a phone filters to a low-stock tool and opens its Edit and Restock dialogs, then nothing is wider than the screen and axe finds nothing", async ({
    page,
    adminToken,
    onTestFinished,
  }) => {
    const low = await createTool(adminToken, { moq: 10, aq: 3 });
    onTestFinished(() => deleteTool(low._id, adminToken));
    await page.setViewportSize({ width: 375, height: 812 });
    await logIn(page, ADMIN);
    await page.goto(`/dashboard/manageTools?lowStock=true&q=${encodeURIComponent(low.name)}`);
    const card = toolCard(page, low.name);
    await see(card.getByText("Low on stock"));

    const found = [...(await axeFindings(page, "the list"))];
    expect(await runsOffTheSide(page)).toBe(false);
    for (const action of ["Edit", "Restock"]) {
      await card.getByRole("button", { name: action }).click();
      const dialog = page.getByRole("dialog", { name: `${action} ${low.name}` });
      await see(dialog);
      if (action === "Restock") await dialog.getByRole("radio", { name: /Correction/ }).check();
      await dialog.getByRole("button", { name: action === "Edit" ? "Save changes" : "Take off stock" }).scrollIntoViewIfNeeded();
      found.push(...(await axeFindings(page, `the ${action} dialog`)));
      expect(await runsOffTheSide(page)).toBe(false);
      await page.keyboard.press("Escape");
      await seeNo(dialog);
    }
    expect(found).toEqual([]);
  });
});
