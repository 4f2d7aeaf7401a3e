import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, myOrders, placeOrder } from "../support/api.js";
import { expect, fact, isRed, logIn, row, see, seeNo, test, texts } from "../support/fixtures.js";

// The card form is the shop's sandbox (no Stripe keys in tests), which answers as Stripe's test mode:
// 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.
const EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

async function payFromMyOrders(page: Page, toolName: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await row(page, toolName).getByRole("link", { name: "Pay" }).click();
  await see(page.getByRole("heading", { name: "Pay here for the order" }));
  return page.getByRole("form", { name: "Card payment" });
}

async function enterCard(form: Locator, number: string) {
  await form.getByLabel("Card number").pressSequentially(number);
  await form.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await form.getByLabel("CVC").pressSequentially("123");
}

/** Pay is enabled once the payment intent and the card form are ready. */
async function pay(form: Locator) {
  const button = form.getByRole("button", { name: "Pay" });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

describe("paying for an order by card", () => {
  test("when a buyer pays an order with 4242 4242 4242 4242, then Pay waits for the card form, the payment is completed with a transaction id, My Orders shows it Shipped, and the admin can ship it", async ({
    page,
    buyer,
    tool,
    newPage,
  }) => {
    const order = await placeOrder(tool, buyer, 6);
    await logIn(page, buyer);
    // The payment intent is held back a moment, to see the form before it is ready.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/create-payment-intent", async (route) => {
      await held;
      await route.continue();
    });
    const form = await payFromMyOrders(page, tool.name);
    await page.waitForURL((url) => url.pathname === `/dashboard/payment/${order._id}`);
    await see(form.getByText("Preparing the card form…"));
    expect(await form.getByRole("button", { name: "Pay" }).isDisabled()).toBe(true);
    release();

    const summary = page.getByRole("main");
    await see(summary.getByRole("heading", { name: `Please pay for ${tool.name}` }));
    expect(await fact(summary, "Tools Name")).toBe(tool.name);
    expect(await fact(summary, "Quantity")).toBe("6 units");
    expect(await fact(summary, "Total Price")).toBe("$72");

    await enterCard(form, "4242424242424242");
    expect(await form.getByLabel("Card number").inputValue()).toBe("4242 4242 4242 4242");
    expect(await form.getByLabel("Expiry (MM / YY)").inputValue()).toBe(`${EXPIRY.slice(0, 2)} / ${EXPIRY.slice(2)}`);
    await pay(form);

    await see(page.getByText("Your payment is completed"));
    const receipt = page.getByText(/^Your transaction Id:/);
    await see(receipt);
    expect(await receipt.innerText()).toMatch(/^Your transaction Id: \S{6,}$/);
    expect(await page.getByRole("link", { name: "View receipt" }).getAttribute("href")).toBe(`/dashboard/orders/${order._id}`);
    await see(page.getByRole("link", { name: "Back to My Orders" }));
    expect((await myOrders(buyer)).map((o) => o.paid)).toEqual([true]);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
    const mine = row(page, tool.name);
    await see(mine.getByText("Shipped"));
    await see(mine.getByText("Paid · awaiting shipment"));
    expect(await mine.getByRole("link", { name: "Pay" }).count()).toBe(0);
    expect(await mine.getByRole("button", { name: "Cancel" }).count()).toBe(0);

    const admin = await newPage();
    await logIn(admin, ADMIN);
    await admin.goto("/dashboard/allOrders");
    const listed = row(admin.getByRole("table"), order._id.slice(0, 8).toUpperCase());
    await see(listed);
    const status = listed.getByRole("cell").nth(6);
    expect(await texts(listed.getByRole("cell"))).toEqual(expect.arrayContaining([tool.name, "6 units", "$72", "Paid"]));
    await see(status.getByText("Pending"));
    await status.getByRole("button", { name: "Shipped" }).click();
    await seeNo(status.getByText("Pending"));
    await see(status.getByText("Shipped"));
  });

  test("when the card 4000 0000 0000 0002 is declined, then 'Your card was declined.' shows in red and the order stays unpaid until another card goes through", async ({
    page,
    buyer,
    tool,
  }) => {
    await placeOrder(tool, buyer);
    await logIn(page, buyer);
    const form = await payFromMyOrders(page, tool.name);
    await enterCard(form, "4000000000000002");
    await pay(form);

    const error = form.getByRole("alert");
    await see(error);
    expect(await error.innerText()).toBe("Your card was declined.");
    expect(await isRed(error)).toBe(true);
    expect(await page.getByText("Your payment is completed").count()).toBe(0);
    expect((await myOrders(buyer)).map((o) => o.paid)).toEqual([false]);

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
    const mine = row(page, tool.name);
    await see(mine.getByRole("link", { name: "Pay" }));
    await see(mine.getByRole("button", { name: "Cancel" }));

    // Another card on a second try goes through.
    const retry = await payFromMyOrders(page, tool.name);
    await enterCard(retry, "4242424242424242");
    await pay(retry);
    await see(page.getByText("Your payment is completed"));
    expect((await myOrders(buyer)).map((o) => o.paid)).toEqual([true]);
  });
});
