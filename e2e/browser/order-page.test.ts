import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { type Account, ADMIN, myOrders, type Order, payOrder, placeOrder, type Tool } from "../support/api.js";
import { expect, fact, logIn, row, see, seeNo, test, topBar } from "../support/fixtures.js";

// The sandbox's card form (no Stripe keys in tests) answers as Stripe's test mode: 4242 4242 4242 4242 pays.
const EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

async function openMyOrders(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
  await see(page.getByRole("heading", { name: "My Orders" }));
}

async function payWithTestCard(page: Page) {
  const form = page.getByRole("form", { name: "Card payment" });
  await form.getByLabel("Card number").pressSequentially("4242424242424242");
  await form.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
  await form.getByLabel("CVC").pressSequentially("123");
  const pay = form.getByRole("button", { name: "Pay" });
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  await see(page.getByText("Your payment is completed"));
}

/** The steps of the order's timeline as shown: each step's name and the time it carries. */
async function timeline(page: Page): Promise<{ label: string; at: string | null; shown: string }[]> {
  return page
    .getByRole("region", { name: "Timeline" })
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map((item) => ({
        label: item.querySelector(".timeline-label")?.textContent ?? "",
        at: item.querySelector("time")?.getAttribute("datetime") ?? null,
        shown: item.querySelector("time")?.textContent ?? "",
      })),
    );
}

/** Whether each element is drawn on the page at all (display and visibility, up its ancestors), by name. */
async function drawnOf(elements: Record<string, Locator>): Promise<Record<string, boolean>> {
  const drawn: Record<string, boolean> = {};
  for (const [name, handle] of Object.entries(elements)) {
    drawn[name] = await handle.evaluate((element) => element.checkVisibility({ visibilityProperty: true }));
  }
  return drawn;
}

/** The order as the API sends it, with the fields the order page reads. */
type OrderDetails = Order & { createdAt: string; paidAt: string | null; cardLast4: string | null; transactionId: string | null; userPhone: string; userAddress: string };
const ordersOf = async (account: Account) => (await myOrders(account)) as OrderDetails[];

async function orderAgain(page: Page, tool: Tool) {
  await page.goto(`/tools/${tool._id}`);
  await see(page.getByRole("heading", { name: tool.name, level: 1 }));
  await page.getByRole("button", { name: "Place Order" }).click();
  const form = page.getByRole("dialog", { name: `Place Order: ${tool.name}` });
  await see(form);
  return form;
}

describe("an order's page and receipt", () => {
  test("when a buyer pays with the sandbox card and follows the receipt link, then the order page shows the timeline and a receipt with the unit price charged, the card's last four and the transaction id; My Orders says Paid · awaiting shipment", async ({
    page,
    buyer,
    tool,
  }) => {
    // 6 units of a $12.75 tool: the total of docs/product.md §4.3 counts $12 a unit, $72 in all.
    const order = (await placeOrder(tool, buyer, 6)) as OrderDetails;
    await logIn(page, buyer);
    await openMyOrders(page);
    const mine = row(page, tool.name);
    await see(mine.getByText("Awaiting payment"));
    await mine.getByRole("link", { name: "Pay" }).click();
    await see(page.getByRole("heading", { name: "Pay here for the order" }));
    await payWithTestCard(page);
    const transactionId = (await page.locator(".transaction-id").innerText()).trim();
    expect(transactionId).toMatch(/^pi_sandbox_\w+$/);

    await page.getByRole("link", { name: "View receipt" }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/orders/${order._id}`);
    await see(page.getByRole("heading", { level: 1, name: `Order ${orderNumber(order._id)}` }));
    const receipt = page.getByRole("region", { name: "Receipt" });
    await see(receipt);
    expect(await fact(receipt, "Order Number")).toBe(orderNumber(order._id));
    expect(await fact(receipt, "Tools Name")).toBe(tool.name);
    expect(await fact(receipt, "Unit Price")).toBe("$12");
    expect(await fact(receipt, "Quantity")).toBe("6 units");
    expect(await fact(receipt, "Total Price")).toBe("$72");
    expect(await fact(receipt, "Card")).toBe("ending in 4242");
    expect(await fact(receipt, "Transaction Id")).toBe(transactionId);
    const [paid] = await ordersOf(buyer);
    expect(paid).toMatchObject({ _id: order._id, status: "paid", cardLast4: "4242", transactionId });
    const paidAt = receipt.locator("time");
    expect(await paidAt.getAttribute("datetime")).toBe(paid!.paidAt);
    expect(await fact(receipt, "Paid at")).toBe(await paidAt.innerText());

    const steps = await timeline(page);
    expect(steps.map(({ label, at }) => [label, at])).toEqual([
      ["Placed", order.createdAt],
      ["Paid", paid!.paidAt],
    ]);
    expect(steps.every(({ shown }) => shown.length > 0)).toBe(true);
    expect(await fact(page.getByRole("main"), "Status")).toBe("Paid · awaiting shipment");

    await page.getByRole("link", { name: "Back to My Orders" }).click();
    await see(page.getByRole("heading", { name: "My Orders" }));
    await see(mine.getByText("Paid · awaiting shipment"));
    // The contract's word for a paid order's payment cell (docs/product.md §3.3) stays beside it.
    await see(mine.getByText("Shipped", { exact: true }));
    await seeNo(mine.getByRole("link", { name: "Pay" }));
  });

  test("when the receipt is printed, then only the receipt is on the sheet, black on white: no top bar, menus, buttons or timeline", async ({ page, buyer, tool }) => {
    const order = await placeOrder(tool, buyer, 5);
    await payOrder(order, buyer);
    await logIn(page, buyer);
    await page.goto(`/dashboard/orders/${order._id}`);
    const receipt = page.getByRole("region", { name: "Receipt" });
    await see(receipt);
    const printButton = page.getByRole("button", { name: "Print receipt" });
    await see(printButton);
    // The button asks the browser to print the page.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await printButton.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Found while on screen: once printing, role locators no longer see what is not drawn.
    const parts = {
      receipt,
      topBar: topBar(page),
      sideMenu: page.getByRole("navigation", { name: "Dashboard" }),
      printButton,
      backLink: page.getByRole("link", { name: "Back to My Orders" }),
      timeline: page.getByRole("region", { name: "Timeline" }),
      heading: page.getByRole("heading", { level: 1 }),
    };
    const onScreen = Object.fromEntries(Object.keys(parts).map((name) => [name, true]));
    expect(await drawnOf(parts)).toEqual(onScreen);
    const handles: Record<string, Locator> = {};
    for (const [name, locator] of Object.entries(parts)) {
      await locator.evaluate((element, mark) => element.setAttribute("data-print-check", mark), name);
      handles[name] = page.locator(`[data-print-check="${name}"]`);
    }

    await page.emulateMedia({ media: "print" });
    expect(await drawnOf(handles)).toEqual({ ...Object.fromEntries(Object.keys(parts).map((name) => [name, false])), receipt: true });
    const colours = await receipt.evaluate((element) => {
      const facts = [...element.querySelectorAll("dt, dd, h2")].map((node) => getComputedStyle(node).color);
      return { facts: [...new Set(facts)], background: getComputedStyle(element).backgroundColor, bodyBackground: getComputedStyle(document.body).backgroundColor };
    });
    expect(colours).toEqual({ facts: ["rgb(0, 0, 0)"], background: "rgb(255, 255, 255)", bodyBackground: "rgb(255, 255, 255)" });
    // The receipt starts at the top of the sheet.
    expect((await receipt.boundingBox())!.y).toBeLessThan(20);

    await page.emulateMedia({ media: "screen" });
    expect(await drawnOf(handles)).toEqual(onScreen);
  });

  test("when the admin ships the order, then the buyer's order page has placed, paid and shipped on its timeline and says Shipped", async ({ page, buyer, tool, newPage }) => {
    const order = await placeOrder(tool, buyer, 5);
    await payOrder(order, buyer);
    const admin = await newPage();
    await logIn(admin, ADMIN);
    await admin.goto("/dashboard/allOrders");
    const listed = row(admin.getByRole("table"), orderNumber(order._id));
    await listed.getByRole("button", { name: "Shipped" }).click();
    await seeNo(listed.getByText("Pending"));
    // The admin reaches the same page from the order's number.
    await listed.getByRole("link", { name: `Order ${orderNumber(order._id)}` }).click();
    await see(admin.getByRole("heading", { level: 1, name: `Order ${orderNumber(order._id)}` }));
    await see(admin.getByRole("region", { name: "Receipt" }));

    await logIn(page, buyer);
    await openMyOrders(page);
    const mine = row(page, tool.name);
    await see(mine.getByRole("cell").nth(6).getByText("Shipped", { exact: true }));
    await mine.getByRole("link", { name: `Order ${orderNumber(order._id)}` }).click();
    await see(page.getByRole("heading", { level: 1, name: `Order ${orderNumber(order._id)}` }));
    await see(page.getByRole("region", { name: "Timeline" }));
    expect((await timeline(page)).map(({ label }) => label)).toEqual(["Placed", "Paid", "Shipped"]);
    expect(await fact(page.getByRole("main"), "Status")).toBe("Shipped");
  });

  test("when another buyer opens the order's address, then it is not found for them", async ({ page, buyer, makeAccount, tool }) => {
    const order = await placeOrder(tool, buyer, 5);
    const stranger = await makeAccount("Stranger");
    await logIn(page, stranger);
    await page.goto(`/dashboard/orders/${order._id}`);
    await see(page.getByRole("main").getByRole("alert"));
    expect(await page.getByRole("region", { name: "Timeline" }).count()).toBe(0);
  });
});

describe("the order form, less typing", () => {
  test("when a buyer orders again, then the form starts with the phone and address of the last order, still editable", async ({ page, buyer, tool }) => {
    await placeOrder(tool, buyer, 5);
    await logIn(page, buyer);
    const form = await orderAgain(page, tool);
    const phone = form.getByLabel("Phone Number");
    const address = form.getByLabel("Address");
    await expect.poll(() => phone.inputValue()).toBe("+1 555 0100");
    expect(await address.inputValue()).toBe("1 Test Street, Springfield");

    await address.fill("7 Other Road, Springfield");
    await form.getByRole("button", { name: "Confirm Order" }).click();
    await seeNo(form);
    const [latest] = await ordersOf(buyer);
    expect(latest).toMatchObject({ userPhone: "+1 555 0100", userAddress: "7 Other Road, Springfield" });
  });
});
