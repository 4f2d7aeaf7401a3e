import type { Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, deleteTool, listTools, payOrder, placeOrder, unique } from "../support/api.js";
import { expect, logIn, row, see, seeNo, test, texts, toast } from "../support/fixtures.js";

async function openAdminPage(page: Page, menuItem: string) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: menuItem }).click();
}

/** The card of a tool on Manage Tools. */
const toolCard = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

describe("admin pages", () => {
  test("when an admin fills Add Product and clicks 'Add tools', then 'You wish a tool' shows, the form is cleared and Manage Tools has the tool", async ({
    page,
    adminToken,
    onTestFinished,
  }) => {
    const name = `Torque Wrench ${unique()}`;
    onTestFinished(async () => {
      for (const tool of (await listTools()).filter((candidate) => candidate.name === name)) await deleteTool(tool._id, adminToken);
    });

    await logIn(page, ADMIN);
    await openAdminPage(page, "Add Product");
    await see(page.getByRole("heading", { name: "Add New tools" }));
    const values: Record<string, string> = {
      "Tools Name": name,
      Price: "89.99",
      Description: "Half-inch drive, 40 to 200 Nm, with a calibration certificate.",
      "Minimum Order Quantity": "2",
      "Available Quantity": "30",
      "Image Url": "/images/tools/socket-set.svg",
    };
    for (const [placeholder, value] of Object.entries(values)) await page.getByPlaceholder(placeholder, { exact: true }).fill(value);
    for (const placeholder of ["Price", "Minimum Order Quantity", "Available Quantity"]) {
      expect(await page.getByPlaceholder(placeholder, { exact: true }).getAttribute("type")).toBe("number");
    }
    await page.getByRole("button", { name: "Add tools" }).click();

    await see(toast(page, "You wish a tool"));
    for (const placeholder of Object.keys(values)) {
      await expect.poll(() => page.getByPlaceholder(placeholder, { exact: true }).inputValue()).toBe("");
    }

    await openAdminPage(page, "Manage Tools");
    const card = toolCard(page, name);
    await see(card);
    expect(await card.innerText()).toContain("$89.99 per unit");
  });

  test("when Add Product is sent empty, then every field is required and nothing is added", async ({ page }) => {
    await logIn(page, ADMIN);
    await openAdminPage(page, "Add Product");
    await page.getByRole("button", { name: "Add tools" }).click();
    for (const field of ["Tools Name", "Price", "Description", "Minimum Order Quantity", "Available Quantity", "Image Url"]) {
      await see(page.getByText(`${field} is Required`));
    }
    expect(await toast(page, "You wish a tool").count()).toBe(0);
  });

  test("when an admin deletes a tool on Manage Tools, then No keeps it, and Yes reloads the page without it", async ({ page, tool }) => {
    await logIn(page, ADMIN);
    await openAdminPage(page, "Manage Tools");
    await see(page.getByRole("heading", { name: "Manage Tools" }));
    const card = toolCard(page, tool.name);
    await see(card);
    // Three columns on a large screen.
    const columns = await page.locator(".tool-grid").evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(3);

    await card.getByRole("button", { name: "Delete" }).click();
    let confirm = page.getByRole("dialog");
    await see(confirm.getByText(tool.name));
    await confirm.getByRole("button", { name: "No" }).click();
    await see(toast(page, "Changes are not saved"));
    await see(card);

    await card.getByRole("button", { name: "Delete" }).click();
    confirm = page.getByRole("dialog");
    const reloaded = page.waitForEvent("load");
    await confirm.getByRole("button", { name: "Yes" }).click();
    await reloaded;
    await see(page.getByRole("heading", { name: "Manage Tools" }));
    await see(toast(page, "Deleted !!"));
    await see(toolCard(page, "Claw Hammer"));
    expect(await toolCard(page, tool.name).count()).toBe(0);
    expect((await listTools()).map((candidate) => candidate._id)).not.toContain(tool._id);
  });

  test("when an admin clicks Make Admin for a buyer, then 'New Admin added' shows and that user sees the admin menu", async ({
    page,
    makeAccount,
    newPage,
  }) => {
    const buyer = await makeAccount("Future Admin");
    await logIn(page, ADMIN);
    await openAdminPage(page, "All User");
    const table = page.getByRole("table");
    await see(table);
    expect(await texts(table.getByRole("columnheader"))).toEqual(["No.", "Email", "Name", "Joined", "Make Admin", "Remove User"]);
    // The newest accounts come first; the admin's own row is found by its email: already an admin,
    // and no way to remove themselves.
    await page.goto(`/dashboard/allUsers?q=${encodeURIComponent(ADMIN.email)}`);
    const own = row(table, ADMIN.email);
    await see(own.getByText("Admin", { exact: true }));
    expect(await own.getByRole("button").count()).toBe(0);
    await page.goto(`/dashboard/allUsers?q=${encodeURIComponent(buyer.email)}`);
    const user = row(table, buyer.email);
    await user.getByRole("button", { name: "Make Admin" }).click();
    // Power is given only after the admin says yes.
    const confirm = page.getByRole("dialog", { name: `Make ${buyer.name} an admin?` });
    await see(confirm);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await see(toast(page, "New Admin added"));
    await seeNo(user.getByRole("button", { name: "Make Admin" }));
    await see(user.getByText("Admin", { exact: true }));

    const theirs = await newPage();
    await logIn(theirs, buyer);
    await openAdminPage(theirs, "All User");
    await see(theirs.getByRole("heading", { name: "All User" }));
  });

  test("when an admin removes a user and confirms 'Are you sure ?', then 'Remove user successfully' shows, the user is gone and cannot log in", async ({
    page,
    makeAccount,
    newPage,
  }) => {
    const leaving = await makeAccount("Leaving");
    await logIn(page, ADMIN);
    await openAdminPage(page, "All User");
    const user = row(page.getByRole("table"), leaving.email);
    await user.getByRole("button", { name: "Remove User" }).click();

    const confirm = page.getByRole("dialog", { name: "Are you sure ?" });
    await see(confirm);
    const reloaded = page.waitForEvent("load");
    await confirm.getByRole("button", { name: "Yes" }).click();
    await reloaded;
    await see(toast(page, "Remove user successfully"));
    await see(page.getByRole("table"));
    expect(await user.count()).toBe(0);

    const theirs = await newPage();
    await theirs.goto("/login");
    await theirs.getByLabel("Email").fill(leaving.email);
    await theirs.getByLabel("Password").fill(leaving.password);
    await theirs.getByRole("main").getByRole("button", { name: "Login" }).click();
    await see(theirs.getByRole("main").getByRole("alert"));
    expect(await theirs.getByRole("button", { name: "Log Out" }).count()).toBe(0);
  });

  test("when an order is paid, then Manage All Orders shows it Pending with a Shipped button that ships it, and an unpaid one can be cancelled", async ({ page, buyer, tool }) => {
    const unpaid = await placeOrder(tool, buyer, 5);
    const paid = await placeOrder(tool, buyer, 7);
    await payOrder(paid, buyer);

    await logIn(page, ADMIN);
    await openAdminPage(page, "Manage All Orders");
    const table = page.getByRole("table");
    await see(table);
    expect(await texts(table.getByRole("columnheader"))).toEqual([
      "Order Number",
      "Name",
      "Tools Name",
      "Ordered Quantity",
      "Total Price",
      "Status",
      "Status",
      "Cancel",
    ]);

    const waiting = row(table, unpaid._id.slice(0, 8).toUpperCase());
    expect(await texts(waiting.getByRole("cell"))).toEqual([
      unpaid._id.slice(0, 8).toUpperCase(),
      buyer.name,
      tool.name,
      "5 units",
      "$60",
      "Unpaid",
      "Awaiting payment",
      "Cancel",
    ]);

    const toShip = row(table, paid._id.slice(0, 8).toUpperCase());
    const cells = toShip.getByRole("cell");
    expect((await texts(cells)).slice(0, 6)).toEqual([paid._id.slice(0, 8).toUpperCase(), buyer.name, tool.name, "7 units", "$84", "Paid"]);
    await see(cells.nth(6).getByText("Pending"));
    expect(await cells.nth(7).getByRole("button").count()).toBe(0);

    await cells.nth(6).getByRole("button", { name: "Shipped" }).click();
    await seeNo(cells.nth(6).getByText("Pending"));
    await seeNo(cells.nth(6).getByRole("button", { name: "Shipped" }));
    await see(cells.nth(6).getByText("Shipped"));

    // An unpaid order can be cancelled from here too; the page reloads without it.
    await waiting.getByRole("button", { name: "Cancel" }).click();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
    await reloaded;
    await see(toast(page, "Deleted !!"));
    await see(toShip);
    expect(await waiting.count()).toBe(0);
  });
});
