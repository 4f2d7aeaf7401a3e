import type { Page } from "playwright-core";
import { describe } from "vitest";
import { unique } from "../support/api.js";
import { expect, isRed, logIn, see, seeNo, test, topBar } from "../support/fixtures.js";

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken"));

describe("sign-up and sign-in with email and password", () => {
  test("when a visitor signs up with a name, email and password, then the name shows in the top bar, the access token is kept, Log Out clears it, and the email cannot sign up twice", async ({
    page,
    removeAfterwards,
  }) => {
    const id = unique();
    const account = { name: `Ada ${id}`, email: `ada-${id}@toolshop.test`, password: `secret-${id}` };
    removeAfterwards(account.email);

    await page.goto("/signup");
    await see(page.getByRole("heading", { name: "Sign Up" }));
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();

    await see(topBar(page).getByText(account.name, { exact: true }));
    await page.waitForURL((url) => url.pathname === "/");
    expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await topBar(page).getByRole("button", { name: "Log Out" }).click();
    await see(topBar(page).getByRole("link", { name: "Login" }));
    await seeNo(topBar(page).getByText(account.name, { exact: true }));
    expect(await storedToken(page)).toBeNull();

    // The new account signs in again with the same password.
    await logIn(page, account);
    await see(topBar(page).getByText(account.name, { exact: true }));
    await topBar(page).getByRole("button", { name: "Log Out" }).click();

    // Its email cannot be signed up a second time; the sign-in service says why, in red.
    await page.goto("/signup");
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("another-password");
    await page.getByRole("button", { name: "Sign Up" }).click();
    const error = page.getByRole("main").getByRole("alert");
    await see(error);
    expect(await error.innerText()).toBe("An account with this email already exists. Log in instead, or sign up with another email.");
    expect(await isRed(error)).toBe(true);
  });

  test("when the sign-up form is sent empty, then every field says it is required; a bad email and a short password say why", async ({
    page,
  }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await see(page.getByText("Name is Required"));
    await see(page.getByText("Email is Required"));
    await see(page.getByText("Password is Required"));

    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email").fill("grace@example");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await see(page.getByText("Provide a valid Email"));
    await see(page.getByText("Must be 6 characters or longer"));
    await seeNo(page.getByText("Name is Required"));
    await page.getByLabel("Email").fill("Grace@Example");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await see(page.getByText("Provide a valid Email"));
    expect(page.url()).toMatch(/\/signup$/);
  });

  test("when the login form is sent empty or with a wrong password, then it says what is wrong, the sign-in error in red", async ({
    page,
    buyer,
  }) => {
    await page.goto("/login");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await see(page.getByText("Email is Required"));
    await see(page.getByText("Password is Required"));

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("123");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await see(page.getByText("Provide a valid Email"));
    await see(page.getByText("Must be 6 characters or longer"));

    await page.getByLabel("Email").fill(buyer.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    const error = page.getByRole("main").getByRole("alert");
    await see(error);
    expect(await error.innerText()).toBe("The email or password is not right. Check both and try again.");
    expect(await isRed(error)).toBe(true);
    await seeNo(topBar(page).getByRole("button", { name: "Log Out" }));

    // An address typed with capitals is the same address.
    await page.getByLabel("Email").fill(` ${buyer.email.toUpperCase()} `);
    await page.getByLabel("Password").fill(buyer.password);
    await page.getByRole("main").getByRole("button", { name: "Login" }).click();
    await see(topBar(page).getByRole("button", { name: "Log Out" }));
  });
});
