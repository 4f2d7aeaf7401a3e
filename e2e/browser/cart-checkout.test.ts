import type { Locator, Page } from "playwright-core";
import { describe } from "vitest";
import { accountCart, createTool, deleteTool, getCheckout, myOrders, saveCartLine, type Tool, unique } from "../support/api.js";
import { test as base, expect, fact, logIn, names, row, see, texts, toast, topBar } from "../support/fixtures.js";
import { mailTo, waitForMail } from "../support/mail.js";
import { axeViolations, PHONE, sidewaysOverflow } from "../support/page-checks.js";
import { settled } from "../support/routes.js";

// A buyer's cart and its checkout, paid at once. Each test sells tools of its own, with stock enough
// for it whatever the demo data holds; their prices are whole dollars, so every total is the one shown.

const test = base.extend<{ makeTool: (name: string, fields: Pick<Tool, "price" | "moq" | "aq">) => Promise<Tool> }>({
  makeTool: async ({ adminToken }, use) => {
    const made: Tool[] = [];
    await use(async (name, fields) => {
      const tool = await createTool(adminToken, { name: `${name} ${unique()}`, ...fields });
      made.push(tool);
      return tool;
    });
    for (const tool of made) await deleteTool(tool._id, adminToken);
  },
});

// As payment.test.ts pays: the shop's sandbox card form, which accepts 4242 4242 4242 4242.
const EXPIRY = `12${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
const cartLink = (page: Page, count: number) => topBar(page).getByRole("link", { name: `Cart (${count})`, exact: true });
const cartLines = (page: Page) => page.getByRole("list", { name: "Lines in your cart" }).getByRole("listitem");
const cartLine = (page: Page, tool: Tool) => cartLines(page).filter({ has: page.getByRole("heading", { name: tool.name, exact: true }) });
const cartTotal = (page: Page) => page.getByRole("main").getByText(/^Total:/);
const quantity = (scope: Locator) => scope.getByRole("spinbutton", { name: "Quantity" });

/** Adds the tool from where the buyer is (its card, its page) at this quantity, and waits for the toast that says so. */
async function addToCart(page: Page, scope: Locator, tool: Tool, units: number) {
  expect(await quantity(scope).inputValue(), "the quantity starts at the minimum order").toBe(String(tool.moq));
  await quantity(scope).fill(String(units));
  await scope.getByRole("button", { name: "Add to cart" }).click();
  await see(toast(page, `Added to cart: ${tool.name}, ${units} units`));
}

/** The tool's card in the catalogue, searched for by its name. */
async function catalogueCard(page: Page, tool: Tool) {
  await page.goto(`/tools?q=${encodeURIComponent(tool.name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: tool.name, exact: true }) });
  await see(card);
  return card;
}

async function toolPage(page: Page, tool: Tool) {
  await page.goto(`/tools/${tool._id}`);
  await see(page.getByRole("heading", { name: tool.name, level: 1 }));
  return page.getByRole("main");
}

/** Nothing off the side of a phone's screen, and axe finds nothing, on the page in view. */
async function pageProblems(page: Page, path: string): Promise<string[]> {
  // The page at rest: a toast fading in or out is drawn in colours halfway to the page's, and one under
  // the pointer stays, so the pointer moves off them and they are waited out.
  await page.mouse.move(0, page.viewportSize()!.height - 1);
  await expect.poll(() => toast(page, /./).count()).toBe(0);
  const found = await axeViolations(page, path, page.viewportSize()!.width);
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await settled(page);
  found.push(...(await sidewaysOverflow(page, path)), ...(await axeViolations(page, path, PHONE.width)));
  await page.setViewportSize(desktop);
  return found;
}

describe("the cart and its checkout", () => {
  test("when a buyer adds three tools, changes a quantity in the cart, checks out and pays once by card, then My Orders has three paid orders under one checkout, its receipt lists them, and one receipt e-mail came", async ({
    page,
    buyer,
    makeTool,
  }) => {
    const saw = await makeTool("Cart Saw", { price: 20, moq: 2, aq: 40 });
    const clamp = await makeTool("Cart Clamp", { price: 15, moq: 3, aq: 30 });
    const chisel = await makeTool("Cart Chisel", { price: 8, moq: 5, aq: 60 });
    await logIn(page, buyer);
    await see(cartLink(page, 0));

    await addToCart(page, await catalogueCard(page, saw), saw, 4);
    await see(cartLink(page, 1));
    await addToCart(page, await toolPage(page, clamp), clamp, 3);
    await see(cartLink(page, 2));
    await addToCart(page, await toolPage(page, chisel), chisel, 6);
    await see(cartLink(page, 3));

    await cartLink(page, 3).click();
    await onPath(page, "/cart");
    await see(page.getByRole("heading", { name: "Your cart", level: 1 }));
    await expect.poll(() => names(cartLines(page).getByRole("heading"))).toEqual([saw.name, clamp.name, chisel.name]);
    expect(await texts(cartLine(page, saw).locator("p"))).toEqual(["Unit price: $20", "Line total: $80"]);
    expect(await texts(cartLine(page, clamp).locator("p"))).toEqual(["Unit price: $15", "Line total: $45"]);
    expect(await texts(cartLine(page, chisel).locator("p"))).toEqual(["Unit price: $8", "Line total: $48"]);
    expect(await cartTotal(page).innerText()).toBe("Total: $173");

    // Saved when the buyer presses Enter (or leaves the field).
    await quantity(cartLine(page, clamp)).fill("5");
    await quantity(cartLine(page, clamp)).press("Enter");
    await expect.poll(() => texts(cartLine(page, clamp).locator("p"))).toEqual(["Unit price: $15", "Line total: $75"]);
    await expect.poll(() => cartTotal(page).innerText()).toBe("Total: $203");
    await expect.poll(async () => (await accountCart(buyer)).lines.map((line) => [line.toolName, line.quantity])).toEqual([
      [saw.name, 4],
      [clamp.name, 5],
      [chisel.name, 6],
    ]);
    await settled(page);
    const problems = await pageProblems(page, "/cart");

    const checkOut = page.getByRole("region", { name: "Check out" });
    await checkOut.getByLabel("Phone Number").fill("+1 555 0123");
    await checkOut.getByLabel("Address").fill("7 Cart Lane, Springfield");
    await checkOut.getByRole("button", { name: "Check out" }).click();
    await page.waitForURL((url) => /^\/dashboard\/checkouts\/[^/]+\/payment$/.test(url.pathname));
    const checkoutId = decodeURIComponent(new URL(page.url()).pathname.split("/")[3]!);
    const number = checkoutId.slice(0, 8).toUpperCase();

    await see(page.getByRole("heading", { name: "Pay for your checkout", level: 1 }));
    const lines = page.getByRole("region", { name: "Lines of this checkout" });
    await see(row(lines, saw.name, "4 units", "$80"));
    await see(row(lines, clamp.name, "5 units", "$75"));
    await see(row(lines, chisel.name, "6 units", "$48"));
    expect(await page.getByRole("main").getByText(/^Total:/).innerText()).toBe("Total: $203");
    // The checkout's lines left the cart with it.
    await see(cartLink(page, 0));

    const card = page.getByRole("form", { name: "Card payment" });
    const pay = card.getByRole("button", { name: "Pay" });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await settled(page);
    problems.push(...(await pageProblems(page, "/dashboard/checkouts/{id}/payment")));
    await card.getByLabel("Card number").pressSequentially("4242424242424242");
    await card.getByLabel("Expiry (MM / YY)").pressSequentially(EXPIRY);
    await card.getByLabel("CVC").pressSequentially("123");
    await pay.click();

    // Paid, the page becomes the checkout's receipt.
    await see(toast(page, "Your payment is completed"));
    await onPath(page, `/dashboard/checkouts/${checkoutId}`);
    await see(page.getByRole("heading", { name: `Checkout ${number}`, level: 1 }));
    const receipt = page.getByRole("region", { name: "Receipt" });
    await see(receipt);
    await see(row(receipt, saw.name, "4 units", "$80"));
    await see(row(receipt, clamp.name, "5 units", "$75"));
    await see(row(receipt, chisel.name, "6 units", "$48"));
    expect(await receipt.locator("tbody tr").count()).toBe(3);
    expect(await fact(receipt, "Checkout Number")).toBe(number);
    expect(await fact(receipt, "Total Price")).toBe("$203");
    expect(await fact(receipt, "Card")).toBe("ending in 4242");
    expect(await fact(receipt, "Delivery address")).toBe("7 Cart Lane, Springfield");
    await settled(page);
    problems.push(...(await pageProblems(page, "/dashboard/checkouts/{id}")));
    expect(problems).toEqual([]);

    // Three orders, paid by the one payment, each of the checkout.
    const orders = await myOrders(buyer);
    expect(orders.map((order) => [order.toolName, order.quantityAmount, order.toolPrice, order.paid, order.checkoutId]).sort()).toEqual(
      [
        [chisel.name, 6, 48, true, checkoutId],
        [clamp.name, 5, 75, true, checkoutId],
        [saw.name, 4, 80, true, checkoutId],
      ].sort(),
    );

    // My Orders: the checkout's heading, then its three orders under it, each paid.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
    const placedOn = await page.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" }),
      (await getCheckout(checkoutId, buyer)).createdAt,
    );
    const heading = page.getByRole("main").getByRole("heading", { name: `Checkout of ${placedOn} · 3 items · $203`, exact: true });
    await see(heading);
    expect(await heading.getByRole("link").getAttribute("href")).toBe(`/dashboard/checkouts/${checkoutId}`);
    const rows = page.getByRole("main").getByRole("table").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(4);
    expect(await rows.first().getByRole("heading").count(), "the checkout's heading comes first").toBe(1);
    const toolNames: string[] = [];
    for (const order of [rows.nth(1), rows.nth(2), rows.nth(3)]) {
      await see(order.getByText("Paid · awaiting shipment"));
      await see(order.getByText("Shipped", { exact: true }));
      expect(await order.getByRole("link", { name: "Pay" }).count()).toBe(0);
      toolNames.push((await order.getByRole("cell").nth(3).innerText()).trim());
    }
    expect(toolNames.sort()).toEqual([saw.name, clamp.name, chisel.name].sort());

    // One receipt for the checkout, listing every line, and no message per order.
    const mail = await waitForMail(buyer.email, `Receipt for checkout ${number}`);
    expect(mail.text).toContain(`4 × ${saw.name}: $80.00`);
    expect(mail.text).toContain(`5 × ${clamp.name}: $75.00`);
    expect(mail.text).toContain(`6 × ${chisel.name}: $48.00`);
    expect(mail.text).toContain("Total: $203.00");
    // Each step is told once, however often the sender runs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await mailTo(buyer.email)).map((message) => message.subject).sort()).toEqual([`Checkout ${number} placed: 3 items`, `Receipt for checkout ${number}`]);
  }, 120_000);

  test("when a visitor adds a tool from the catalogue and then signs in from the cart, then the line joins the account's cart, after the account's own", async ({
    page,
    buyer,
    makeTool,
  }) => {
    const kept = await makeTool("Cart Level", { price: 12, moq: 2, aq: 20 });
    const added = await makeTool("Cart Rasp", { price: 9, moq: 3, aq: 30 });
    await saveCartLine(kept, buyer, 4);

    await addToCart(page, await catalogueCard(page, added), added, 7);
    await see(cartLink(page, 1));
    await cartLink(page, 1).click();
    await onPath(page, "/cart");
    await expect.poll(() => names(cartLines(page).getByRole("heading"))).toEqual([added.name]);
    expect(await texts(cartLine(page, added).locator("p"))).toEqual(["Unit price: $9", "Line total: $63"]);
    await page.getByRole("link", { name: "Sign in to check out" }).click();
    await onPath(page, "/login");
    await logIn(page, buyer);

    // Back on the cart, which is the account's now, with the browser's line in it.
    await onPath(page, "/cart");
    await see(cartLink(page, 2));
    await expect.poll(() => names(cartLines(page).getByRole("heading"))).toEqual([kept.name, added.name]);
    expect(await quantity(cartLine(page, added)).inputValue()).toBe("7");
    expect(await quantity(cartLine(page, kept)).inputValue()).toBe("4");
    expect(await cartTotal(page).innerText()).toBe("Total: $111");
    await see(page.getByRole("region", { name: "Check out" }).getByRole("button", { name: "Check out" }));
    expect((await accountCart(buyer)).lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [kept._id, 4],
      [added._id, 7],
    ]);

    // Joined, not copied: signed out, this browser's cart is empty again.
    await topBar(page).getByRole("button", { name: "Log Out" }).click();
    await see(topBar(page).getByRole("link", { name: "Login" }));
    await see(cartLink(page, 0));
    await see(page.getByText("Your cart is empty."));
  });
});
