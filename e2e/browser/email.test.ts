import { describe } from "vitest";
import { payOrder, placeOrder } from "../support/api.js";
import type { Page } from "playwright-core";
import { expect, logIn, see, test } from "../support/fixtures.js";
import { mailPage, mailTo, waitForMail } from "../support/mail.js";

// The buyer's e-mail, read in the local mail server's inbox that `npm start` runs, as the buyer
// reads it in theirs.

/** A fact of the message's table: the cell beside its heading. */
async function mailFact(page: Page, label: string): Promise<string> {
  const exactly = new RegExp(`^\\s*${label}\\s*$`);
  return (await page.locator("tr", { has: page.locator("th", { hasText: exactly }) }).locator("td").innerText()).trim();
}

describe("the buyer's e-mail", () => {
  test("when a buyer places and pays an order, then the inbox has the order's message and its receipt, and the receipt's link opens the receipt in the shop", async ({
    page,
    buyer,
    tool,
  }) => {
    const order = await placeOrder(tool, buyer, tool.moq);
    const number = order._id.slice(0, 8).toUpperCase();
    const placed = await waitForMail(buyer.email, `Order ${number} placed`);
    expect(placed.subject).toBe(`Order ${number} placed: ${tool.name}`);

    await payOrder(order, buyer);
    const receipt = await waitForMail(buyer.email, `Receipt for order ${number}`);
    await logIn(page, buyer);
    await page.goto(mailPage(receipt));
    await see(page.getByRole("heading", { name: "Payment received" }));
    expect(await mailFact(page, "Order number")).toBe(number);
    expect(await mailFact(page, "Tool")).toBe(tool.name);
    expect(await mailFact(page, "Quantity")).toBe(String(tool.moq));
    expect(await mailFact(page, "Card")).toBe("ending in 4242");
    expect(await mailFact(page, "Transaction id")).toMatch(/^pi_sandbox_/);

    await page.getByRole("link", { name: "Your receipt" }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/orders/${order._id}`);
    await see(page.getByRole("heading", { name: "Receipt" }));

    // Each step is told once, however often the sender runs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await mailTo(buyer.email)).map((m) => m.subject).sort()).toEqual([`Order ${number} placed: ${tool.name}`, `Receipt for order ${number}`]);
  });
});
