import { describe } from "vitest";
import { unique } from "../support/api.js";
import { expect, see, test, topBar } from "../support/fixtures.js";

// The Auth emulator stands in for Google: its pop-up lists the emulator's Google accounts and can
// add one. Google's gapi script, which the sign-in needs, is served by e2e/support/gapi-shim.js.
describe("sign-in with Google", () => {
  test("when a visitor continues with Google and adds an account in the pop-up, then they are signed in with that account's name", async ({
    page,
    removeAfterwards,
  }) => {
    const name = `Grace Hopper ${unique()}`;
    const email = `grace-${unique()}@example.com`;
    removeAfterwards(email);

    await page.goto("/login");
    const popupOpens = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    const popup = await popupOpens;

    await see(popup.getByText("Sign-in with Google.com"));
    await popup.getByText("Add new account").click();
    await popup.getByText("Auto-generate user information").click();
    expect(await popup.locator("#email-input").inputValue()).toMatch(/@example\.com$/);
    // Our own details instead of the generated ones, so the top bar can be checked.
    await popup.locator("#email-input").fill(email);
    await popup.locator("#display-name-input").fill(name);
    const popupCloses = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Sign in with Google.com" }).click();
    await popupCloses;

    await see(topBar(page).getByText(name, { exact: true }));
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("accessToken"))).toBeTruthy();
    await see(topBar(page).getByRole("link", { name: "Dashboard" }));
  });

  test("when a Google account already exists in the emulator, then choosing it in the pop-up signs it in again", async ({ page, context, removeAfterwards }) => {
    const name = `Alan Turing ${unique()}`;
    const email = `alan-${unique()}@example.com`;
    removeAfterwards(email);

    // First sign-in adds the account.
    await page.goto("/login");
    let popupOpens = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    let popup = await popupOpens;
    await popup.getByText("Add new account").click();
    await popup.locator("#email-input").fill(email);
    await popup.locator("#display-name-input").fill(name);
    await popup.getByRole("button", { name: "Sign in with Google.com" }).click();
    await see(topBar(page).getByText(name, { exact: true }));
    await topBar(page).getByRole("button", { name: "Log Out" }).click();
    await see(topBar(page).getByRole("link", { name: "Login" }));

    // Second sign-in picks it from the list, from a protected page, and comes back there.
    const next = await context.newPage();
    await next.goto("/dashboard/profile");
    await next.waitForURL((url) => url.pathname === "/login");
    popupOpens = next.waitForEvent("popup");
    await next.getByRole("button", { name: "Continue with Google" }).click();
    popup = await popupOpens;
    await popup.getByText(email).click();
    await see(topBar(next).getByText(name, { exact: true }));
    await next.waitForURL((url) => url.pathname === "/dashboard/profile");
    await see(next.getByRole("main").getByText(email));
  });
});
