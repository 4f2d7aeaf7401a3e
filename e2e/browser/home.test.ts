import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { listTools, placeOrder } from "../support/api.js";
import { ARTIFACTS, expect, logIn, see, test, texts } from "../support/fixtures.js";

const section = (page: Page, heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });

/** Widths a phone and a desktop show the shop at. */
const WIDTHS = [375, 1280];

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

describe("the home page", () => {
  test("when a visitor opens the home page, then it shows three slides, the first six tools, the business figures, reviews, the video, the wish form and the footer", async ({
    page,
  }) => {
    const firstSix = (await listTools()).slice(0, 6).map((tool) => tool.name);
    await page.goto("/");

    const carousel = page.getByRole("region", { name: "Highlights" });
    await see(carousel);
    expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(3);
    await carousel.getByRole("button", { name: "Go to slide 3" }).click();
    await see(carousel.getByRole("heading", { name: "Shipping to 158 countries" }));

    const tools = section(page, "Our Tools");
    await see(tools.getByRole("article").first());
    expect(await texts(tools.getByRole("article").getByRole("heading"))).toEqual(firstSix);
    expect(await tools.getByRole("button", { name: "Place Order" }).count()).toBe(6);
    expect(await tools.getByRole("article").first().innerText()).toMatch(/\$\d+(\.\d\d)? per unit/);

    const figures = section(page, "Millions of businesses trust us");
    await figures.scrollIntoViewIfNeeded();
    expect(await texts(figures.locator(".figure-label"))).toEqual(["Shipping Countries", "Annual Revenue", "Tools Variation"]);
    // The figures count up over 10, 9 and 6 seconds.
    await expect.poll(() => texts(figures.locator(".figure-value")), { timeout: 20_000, interval: 500 }).toEqual(["158", "240 million+", "50"]);

    await see(section(page, "Reviews").getByRole("listitem").first());
    const video = section(page, "See Toolshop in action").locator("video");
    await see(video);
    expect(await video.evaluate((element: HTMLVideoElement) => element.querySelectorAll("source").length)).toBeGreaterThan(0);
    await see(section(page, "Wish for a tool").getByRole("button", { name: "Send Wish" }));
    // The footer sits inside <main>, so it is not a contentinfo landmark; found as the footer element.
    const footer = page.locator("footer");
    await see(footer.getByText("12 Foundry Lane, Workshop District"));
    expect(await texts(footer.getByRole("link"))).toEqual(expect.arrayContaining(["Facebook", "Twitter", "YouTube", "LinkedIn"]));
  });

  test("when a visitor clicks Place Order on a tool card, then after logging in they are on that tool's page", async ({ page, buyer }) => {
    const [first] = await listTools();
    await page.goto("/");
    const card = section(page, "Our Tools").getByRole("article").filter({ hasText: first!.name });
    await card.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await logIn(page, buyer);
    await page.waitForURL((url) => url.pathname === `/tools/${first!._id}`);
    await see(page.getByRole("heading", { name: first!.name, level: 1 }));
  });

  test("when the shop is shown 375 px and 1280 px wide, then nothing runs off the side of the page", async ({ page, buyer, tool }) => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await see(section(page, "Our Tools").getByRole("article").nth(5));
      await see(section(page, "Reviews").getByRole("listitem").first());
      await page.screenshot({ path: join(ARTIFACTS, `home-${width}.png`), fullPage: true });
      const { scrollWidth, innerWidth } = await horizontalOverflow(page);
      expect(scrollWidth, `home at ${width} px`).toBeLessThanOrEqual(innerWidth);
    }

    // The narrowest screen, signed in: the dashboard's table scrolls inside its own box.
    await placeOrder(tool, buyer);
    await page.setViewportSize({ width: 375, height: 800 });
    await logIn(page, buyer);
    await page.goto("/dashboard");
    await see(page.getByRole("table"));
    await page.screenshot({ path: join(ARTIFACTS, "my-orders-375.png"), fullPage: true });
    const { scrollWidth, innerWidth } = await horizontalOverflow(page);
    expect(scrollWidth, "My Orders at 375 px").toBeLessThanOrEqual(innerWidth);
  });
});
