// Checks of a whole page as it is shown, shared by the tests that walk every page and the journeys
// that reach a page only part-way through (a checkout's payment, its receipt).
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** A common phone: 375 × 812 CSS pixels. */
export const PHONE = { width: 375, height: 812 };

/** What runs off the side: the page scrolling sideways, and every element wider than the screen. */
export function sidewaysOverflow(page: Page, path: string): Promise<string[]> {
  return page.evaluate((path) => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.push(`${path}: the page scrolls sideways (scrollWidth ${scrollWidth} > ${width})`);
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}>`;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width > width + 0.5) found.push(`${path}: ${name(element)} is ${Math.round(box.width)} px wide`);
    }
    return found;
  }, path);
}

/** axe's findings on the page in view, one line per rule and element, so a failure says where. */
export async function axeViolations(page: Page, path: string, width: number): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((rule) => rule.nodes.map((node) => `${path} @${width}px: ${rule.id} (${rule.impact}) ${node.target.join(" ")}: ${rule.help}`));
}
