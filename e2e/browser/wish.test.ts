import { describe } from "vitest";
import { ADMIN, unique } from "../support/api.js";
import { expect, logIn, row, see, test, texts, toast } from "../support/fixtures.js";

describe("wishing for a tool", () => {
  test("when a buyer sends the home page's wish form, then 'You wish a tool' shows, and the admin reads the wish in User Wish", async ({
    page,
    buyer,
    newPage,
  }) => {
    const wish = { name: `Laser Level ${unique()}`, price: "249.5", details: "Self-levelling, green beam, with a tripod." };
    await logIn(page, buyer);
    await see(page.getByRole("heading", { name: "Wish for a tool" }));
    await page.getByLabel("Tool Name").fill(wish.name);
    await page.getByLabel("Approximate Price").fill(wish.price);
    await page.getByLabel("Details").fill(wish.details);
    await page.getByRole("button", { name: "Send Wish" }).click();
    await see(toast(page, "You wish a tool"));
    await expect.poll(() => page.getByLabel("Tool Name").inputValue()).toBe("");

    const admin = await newPage();
    await logIn(admin, ADMIN);
    await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await admin.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "User Wish" }).click();
    // User Wish groups the wishes by tool: this one is a group of its own, with a table of its wishers.
    const table = admin.getByRole("region", { name: `Wishes for ${wish.name}` }).getByRole("table");
    await see(table);
    expect(await texts(table.getByRole("columnheader"))).toEqual(["User Name", "Tools Name", "Approximate Price", "Details", "Email", "Wished on"]);
    const sent = row(table, wish.name);
    await see(sent);
    expect((await texts(sent.getByRole("cell"))).slice(0, 5)).toEqual([buyer.name, wish.name, "$249.50", wish.details, buyer.email]);
  });

  test("when the wish form is sent empty, then each field says it is required and nothing is sent", async ({ page, buyer }) => {
    await logIn(page, buyer);
    await page.getByRole("button", { name: "Send Wish" }).click();
    await see(page.getByText("Tool Name is Required"));
    await see(page.getByText("Approximate Price is Required"));
    await see(page.getByText("Details is Required"));
    expect(await toast(page, "You wish a tool").count()).toBe(0);
  });
});
