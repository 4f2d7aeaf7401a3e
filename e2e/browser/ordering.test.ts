import type { Page } from "playwright-core";
import { describe } from "vitest";
import { myOrders, type Tool } from "../support/api.js";
import { expect, fact, logIn, nextDialog, see, seeNo, test, toast } from "../support/fixtures.js";

// Each test orders its own tool: moq 5, aq 50, $12.75 a unit (the total counts $12 a unit).

async function openOrderForm(page: Page, tool: Tool) {
  await page.goto(`/tools/${tool._id}`);
  await see(page.getByRole("heading", { name: tool.name, level: 1 }));
  await page.getByRole("button", { name: "Place Order" }).click();
  const dialog = page.getByRole("dialog", { name: `Place Order: ${tool.name}` });
  await see(dialog);
  return dialog;
}

describe("placing an order", () => {
  test("when a buyer opens Place Order, then name and email are read-only, the quantity starts at the minimum, and the total follows the quantity", async ({
    page,
    buyer,
    tool,
  }) => {
    await logIn(page, buyer);
    const form = await openOrderForm(page, tool);

    const name = form.getByLabel("Name");
    const email = form.getByLabel("Email");
    expect(await name.inputValue()).toBe(buyer.name);
    expect(await email.inputValue()).toBe(buyer.email);
    expect(await name.getAttribute("readonly")).not.toBeNull();
    expect(await email.getAttribute("readonly")).not.toBeNull();
    await name.pressSequentially("x");
    expect(await name.inputValue()).toBe(buyer.name);

    const quantity = form.getByLabel("Quantity");
    expect(await quantity.inputValue()).toBe("5");
    expect(await quantity.getAttribute("min")).toBe("5");
    expect(await quantity.getAttribute("max")).toBe("50");
    const total = form.getByText(/^Total Price:/);
    await expect.poll(() => total.innerText()).toBe("Total Price: $60");
    await quantity.fill("7");
    await expect.poll(() => total.innerText()).toBe("Total Price: $84");
    await quantity.fill("50");
    await expect.poll(() => total.innerText()).toBe("Total Price: $600");
  });

  test("when the quantity is below the minimum or above what is available, then an alert says so and nothing is ordered", async ({
    page,
    buyer,
    tool,
  }) => {
    await logIn(page, buyer);
    const form = await openOrderForm(page, tool);
    await form.getByLabel("Phone Number").fill("+1 555 0101");
    await form.getByLabel("Address").fill("2 Test Street, Springfield");

    await form.getByLabel("Quantity").fill("4");
    let alert = nextDialog(page);
    await form.getByRole("button", { name: "Confirm Order" }).click();
    expect(await alert).toBe("Please order more than minimum order quantity");

    await form.getByLabel("Quantity").fill("51");
    alert = nextDialog(page);
    await form.getByRole("button", { name: "Confirm Order" }).click();
    expect(await alert).toBe("Please give order below available unit");

    await see(form);
    expect(await myOrders(buyer)).toEqual([]);
    expect(await fact(page.getByRole("main"), "Available quantity")).toBe("50 units");
  });

  test("when a buyer confirms a valid order, then a toast at the top right says the tool is ordered and the available quantity drops", async ({
    page,
    buyer,
    tool,
  }) => {
    await logIn(page, buyer);
    const form = await openOrderForm(page, tool);
    await form.getByLabel("Phone Number").fill("+1 555 0102");
    await form.getByLabel("Address").fill("3 Test Street, Springfield");
    await form.getByLabel("Quantity").fill("6");
    await form.getByRole("button", { name: "Confirm Order" }).click();

    const ordered = toast(page, `${tool.name} is ordered`);
    await see(ordered);
    const box = (await ordered.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(viewport.height / 4);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.x).toBeGreaterThan(viewport.width / 2);

    await seeNo(form);
    await expect.poll(() => fact(page.getByRole("main"), "Available quantity")).toBe("44 units");
    const orders = await myOrders(buyer);
    expect(orders.map((order) => [order.toolName, order.quantityAmount, order.toolPrice, order.paid])).toEqual([[tool.name, 6, 72, false]]);
  });
});
