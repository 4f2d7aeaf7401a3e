import type { Page } from "playwright-core";
import { describe } from "vitest";
import { myOrders, type Order, placeOrder } from "../support/api.js";
import { expect, logIn, row, see, seeNo, test, texts, toast } from "../support/fixtures.js";

async function openMyOrders(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await see(page.getByRole("heading", { name: "My Orders" }));
}

describe("My Orders", () => {
  test("when a buyer has an unpaid order, then My Orders lists it with its number, date, total, status in words and until when it is held, a Pay link and a Cancel button", async ({
    page,
    buyer,
    tool,
  }) => {
    const placed = (await placeOrder(tool, buyer, 8)) as Order & { createdAt: string; releasesAt: string };
    await logIn(page, buyer);
    await openMyOrders(page);

    const order = row(page, tool.name);
    await see(order);
    // Dates and times as the buyer's browser words them.
    const { date, until } = await page.evaluate(
      ({ createdAt, releasesAt }) => ({
        date: new Date(createdAt).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }),
        until: new Date(releasesAt).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" }),
      }),
      placed,
    );
    const number = placed._id.slice(0, 8).toUpperCase();
    expect(await texts(order.getByRole("cell"))).toEqual(["1", number, date, tool.name, "8 units", "$96", expect.stringMatching(/^Awaiting payment\s+until /), "Pay", "Cancel"]);
    expect(await order.getByRole("cell").nth(6).innerText()).toContain(until);
    await see(order.getByRole("link", { name: "Pay" }));
    await see(order.getByRole("button", { name: "Cancel" }));
    expect(await order.getByRole("link", { name: `Order ${number}` }).getAttribute("href")).toBe(`/dashboard/orders/${placed._id}`);
    // Below the table, the hold in a sentence, as before.
    await see(page.getByRole("list", { name: "Held for payment" }).getByText(`Order 1, ${tool.name}: held until`));
  });

  test("when a buyer cancels an order and answers No, then 'Changes are not saved' shows and the order stays; on Yes, 'Deleted !!' shows and it is gone", async ({
    page,
    buyer,
    tool,
  }) => {
    await placeOrder(tool, buyer);
    await logIn(page, buyer);
    await openMyOrders(page);
    const order = row(page, tool.name);

    await order.getByRole("button", { name: "Cancel" }).click();
    let confirm = page.getByRole("dialog");
    await see(confirm.getByRole("button", { name: "Yes" }));
    await confirm.getByRole("button", { name: "No" }).click();
    await see(toast(page, "Changes are not saved"));
    await seeNo(confirm);
    await see(order);

    await order.getByRole("button", { name: "Cancel" }).click();
    confirm = page.getByRole("dialog");
    await confirm.getByRole("button", { name: "Yes" }).click();
    await see(toast(page, "Deleted !!"));
    await seeNo(order);
    await see(page.getByText("You have no orders yet."));
    expect(await myOrders(buyer)).toEqual([]);
  });
});
