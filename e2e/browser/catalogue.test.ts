import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { createTool, deleteTool, listTools, type Tool, unique } from "../support/api.js";
import { expect, fact, logIn, see, test, texts, topBar } from "../support/fixtures.js";
import { SHOP } from "../stack.js";

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search tools" });
const sortBy = (page: Page) => page.getByRole("combobox", { name: "Sort by" });
const cards = (page: Page) => page.getByRole("article");
const cardNames = (page: Page) => texts(cards(page).getByRole("heading"));
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const pages = (page: Page) => page.getByRole("navigation", { name: "Pages" });

/** Waits until the catalogue shows exactly these tools, in this order. */
async function seeTools(page: Page, names: string[]) {
  await expect.poll(() => cardNames(page)).toEqual(names);
}

/** The names of the first page of the whole catalogue, by name, as the API answers it now. */
async function firstPageByName(): Promise<string[]> {
  const response = await fetch(`${SHOP}/api/catalogue?sort=name`);
  return ((await response.json()) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
}

/** Each card's price, in dollars, in the order the cards are shown. */
async function prices(page: Page): Promise<number[]> {
  const shown: Locator[] = await cards(page).all();
  return Promise.all(shown.map(async (card) => Number((await fact(card, "Price")).replace(/[^\d.]/g, ""))));
}

describe("the catalogue", () => {
  test("when a visitor follows View all tools and searches with a typo, then the tool is found, the search is in the URL, a reload keeps it and the back button brings the earlier search back", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View all tools" }).click();
    await page.waitForURL((url) => url.pathname === "/tools");
    await see(page.getByRole("heading", { name: "Tools", level: 1 }));
    await see(cards(page).first());

    await searchBox(page).fill("hamer");
    await searchBox(page).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "hamer");
    await expect.poll(() => cardNames(page)).toContain("Claw Hammer");
    expect(await cardNames(page)).not.toContain("Cordless Drill");

    await sortBy(page).selectOption({ label: "Price: low to high" });
    await page.waitForURL((url) => url.searchParams.get("sort") === "price");
    expect(query(page)).toEqual({ q: "hamer", sort: "price" });
    await expect.poll(() => cardNames(page)).toContain("Claw Hammer");

    await page.reload();
    await see(cards(page).first());
    expect(await searchBox(page).inputValue()).toBe("hamer");
    expect(await sortBy(page).inputValue()).toBe("price");
    expect(await cardNames(page)).toContain("Claw Hammer");

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("sort") === null);
    expect(query(page)).toEqual({ q: "hamer" });
    expect(await sortBy(page).inputValue()).toBe("name");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/tools" && url.search === "");
    await expect.poll(() => searchBox(page).inputValue()).toBe("");
    // Other tests add and remove tools meanwhile, so the first page is whatever sorts first by name now.
    const showsFirstPage = async () => {
      const [shown, now] = await Promise.all([cardNames(page), firstPageByName()]);
      return shown.length > 0 && shown.join("|") === now.join("|");
    };
    await expect.poll(showsFirstPage, { timeout: 10_000 }).toBe(true);
  });

  test("when a buyer opens the Tools link in the top bar, then each card's name is a link to its tool's page that opens in a new tab", async ({
    page,
    context,
    buyer,
  }) => {
    const hammer = (await listTools()).find((tool) => tool.name === "Claw Hammer")!;
    await logIn(page, buyer);
    await topBar(page).getByRole("link", { name: "Tools", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/tools");

    const card = cards(page).filter({ has: page.getByRole("heading", { name: "Claw Hammer", exact: true }) });
    const link = card.getByRole("link", { name: "Claw Hammer", exact: true });
    expect(await link.evaluate((element) => element.tagName)).toBe("A");
    expect(await link.getAttribute("href")).toBe(`/tools/${hammer._id}`);
    expect(await card.getByRole("button", { name: "Place Order" }).count()).toBe(1);

    const newTab = context.waitForEvent("page");
    await link.click({ modifiers: ["ControlOrMeta"] });
    const tab = await newTab;
    await tab.waitForURL((url) => url.pathname === `/tools/${hammer._id}`);
    await see(tab.getByRole("heading", { name: "Claw Hammer", level: 1 }));
    await tab.close();
    // The catalogue itself stayed where it was.
    expect(new URL(page.url()).pathname).toBe("/tools");
  });

  test("when a search finds more than a page, then Next page and Previous page walk through the pages, sorted by price, and so does the back button", async ({
    page,
    adminToken,
    onTestFinished,
  }) => {
    // 25 tools of this test's own, each named with one word no other tool has: one more than a page.
    const word = `pager${unique()}`;
    const made: Tool[] = [];
    onTestFinished(async () => {
      for (const tool of made) await deleteTool(tool._id, adminToken);
    });
    // Listed from the dearest to the cheapest, so that the order by price is not the order they were listed in.
    for (let index = 25; index >= 1; index--) {
      made.push(await createTool(adminToken, { name: `Pager ${word} ${String(index).padStart(2, "0")}`, price: index }));
    }
    const byPrice = made.map((tool) => tool.name).reverse();

    await page.goto(`/tools?q=${word}&sort=price`);
    await seeTools(page, byPrice.slice(0, 24));
    expect(await prices(page)).toEqual(Array.from({ length: 24 }, (_, index) => index + 1));
    expect(await pages(page).getByRole("link", { name: "Previous page" }).count()).toBe(0);

    await pages(page).getByRole("link", { name: "Next page" }).click();
    await page.waitForURL((url) => url.searchParams.has("after"));
    await seeTools(page, byPrice.slice(24));
    expect(query(page)).toEqual({ q: word, sort: "price", after: expect.any(String) });
    expect(await pages(page).getByRole("link", { name: "Next page" }).count()).toBe(0);
    const secondPage = page.url();

    await pages(page).getByRole("link", { name: "Previous page" }).click();
    await page.waitForURL((url) => !url.searchParams.has("after"));
    await seeTools(page, byPrice.slice(0, 24));

    await page.goBack();
    await page.waitForURL(secondPage);
    await seeTools(page, byPrice.slice(24));
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("after"));
    await seeTools(page, byPrice.slice(0, 24));
  });

  test("when the home page loads, then it fetches one page of the first 6 tools and never the whole list", async ({ page }) => {
    const toolCalls: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/catalogue" || url.pathname.startsWith("/api/tools")) toolCalls.push(`${url.pathname}${url.search}`);
    });
    await page.goto("/");
    const ourTools = page.locator("section").filter({ has: page.getByRole("heading", { name: "Our Tools", exact: true }) });
    await expect.poll(() => ourTools.getByRole("article").count()).toBe(6);
    await see(ourTools.getByRole("link", { name: "View all tools" }));
    expect(toolCalls).toEqual(["/api/catalogue?sort=listed&limit=6"]);
  });

  test("when nothing matches the search, then the page says so in the search's words", async ({ page }) => {
    await page.goto(`/tools?q=nothing${unique()}`);
    const q = query(page).q!;
    await see(page.getByText(`No tools match “${q}”.`));
    expect(await cards(page).count()).toBe(0);
  });
});
