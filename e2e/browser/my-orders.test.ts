import type { Page } from "playwright-core";
import { describe } from "vitest";
import { myOrders, placeOrder } from "../support/api.js";
import { expect, logIn, row, see, seeNo, test, texts, toast } from "../support/fixtures.js";

async function openMyOrders(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await see(page.getByRole("heading", { name: "My Orders" }));
}

describe("My Orders", () => {
  test("when a buyer has an unpaid order, then My Orders lists it with its total, a Pay link and a Cancel button", async ({ page, buyer, tool }) => {
    await placeOrder(tool, buyer, 8);
    await logIn(page, buyer);
    await openMyOrders(page);

    const order = row(page, tool.name);
    await see(order);
    expect(await texts(order.getByRole("cell"))).toEqual(["1", tool.name, "8 units", "$96", "Pay", "Cancel"]);
    await see(order.getByRole("link", { name: "Pay" }));
    await see(order.getByRole("button", { name: "Cancel" }));
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
