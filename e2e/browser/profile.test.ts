import { describe } from "vitest";
import { expect, fact, logIn, see, seeNo, test, toast } from "../support/fixtures.js";

describe("My Profile", () => {
  test("when a buyer updates their profile, then 'updated successfully' shows and the page shows the new details, also after a reload", async ({
    page,
    buyer,
  }) => {
    await logIn(page, buyer);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Profile" }).click();
    await see(page.getByRole("heading", { name: "My Profile" }));

    const details = page.getByRole("main");
    await see(details.getByRole("button", { name: "Update Profile" }));
    expect(await fact(details, "Name")).toBe(buyer.name);
    expect(await fact(details, "Email")).toBe(buyer.email);
    expect(await fact(details, "Education")).toBe("Not given");

    await details.getByRole("button", { name: "Update Profile" }).click();
    const form = page.getByRole("dialog", { name: "Update Profile" });
    await see(form);
    await form.getByLabel("Education").fill("BSc Mechanical Engineering");
    await form.getByLabel("Location").fill("Springfield");
    await form.getByLabel("Phone Number").fill("+1 555 0199");
    await form.getByLabel("LinkedIn Profile").fill("https://www.linkedin.com/in/e2e-buyer");
    await form.getByRole("button", { name: "Update", exact: true }).click();

    await see(toast(page, "updated successfully"));
    await seeNo(form);
    const expected = {
      Education: "BSc Mechanical Engineering",
      Location: "Springfield",
      "Phone Number": "+1 555 0199",
      "LinkedIn Profile": "https://www.linkedin.com/in/e2e-buyer",
    };
    for (const [term, value] of Object.entries(expected)) await expect.poll(() => fact(details, term)).toBe(value);

    await page.reload();
    await see(details.getByRole("button", { name: "Update Profile" }));
    for (const [term, value] of Object.entries(expected)) expect(await fact(details, term)).toBe(value);
    await see(details.getByRole("link", { name: expected["LinkedIn Profile"] }));
  });

  test("when the profile gets a phone number that is not one, then the form says so and keeps the old details", async ({ page, buyer }) => {
    await logIn(page, buyer);
    await page.goto("/dashboard/profile");
    await page.getByRole("button", { name: "Update Profile" }).click();
    const form = page.getByRole("dialog", { name: "Update Profile" });
    await form.getByLabel("Phone Number").fill("call me maybe");
    await form.getByRole("button", { name: "Update", exact: true }).click();
    await see(form.getByText("Must be a phone number"));
    expect(await toast(page, "updated successfully").count()).toBe(0);
    await form.getByRole("button", { name: "Close" }).click();
    await seeNo(form);
    expect(await fact(page.getByRole("main"), "Phone Number")).toBe("Not given");
  });
});
