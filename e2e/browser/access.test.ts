import type { Page } from "playwright-core";
import { describe } from "vitest";
import { ADMIN, placeOrder, unique } from "../support/api.js";
import { expect, logIn, names, see, test, texts, topBar } from "../support/fixtures.js";

const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });
const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

describe("who sees what, and the way back after signing in", () => {
  test("when a visitor opens the shop, then the top bar has Home, Portfolio, Blogs, their empty cart and Login, and no Dashboard", async ({ page }) => {
    await page.goto("/");
    await see(topBar(page).getByRole("link", { name: "Login" }));
    // The cart's count is its badge; "Cart (0)" is how the link is read out.
    expect(await names(mainMenu(page).getByRole("link"))).toEqual(["Home", "Tools", "Portfolio", "Blogs", "Cart (0)", "Login"]);
    expect(await texts(mainMenu(page).getByRole("listitem"))).toEqual(["Home", "Tools", "Portfolio", "Blogs"]);
    expect(await mainMenu(page).getByRole("button").count()).toBe(0);
    await page.goto("/home");
    await see(page.getByRole("heading", { name: "Our Tools" }));

    for (const name of ["Blogs", "Portfolio"]) {
      await mainMenu(page).getByRole("link", { name }).click();
      await onPath(page, `/${name.toLowerCase()}`);
      await see(page.getByRole("main").getByRole("heading", { name, level: 1 }));
    }
  });

  test("when a visitor opens an address the shop does not have, then the not-found page shows its error image", async ({ page }) => {
    await page.goto("/no-such-page");
    await see(page.getByRole("img", { name: /not found/i }));
    const loaded = await page.getByRole("img", { name: /not found/i }).evaluate(
      (image: HTMLImageElement) =>
        image.complete
          ? image.naturalWidth > 0
          : new Promise<boolean>((resolve) => {
              image.addEventListener("load", () => resolve(image.naturalWidth > 0), { once: true });
              image.addEventListener("error", () => resolve(false), { once: true });
            }),
    );
    expect(loaded).toBe(true);
  });

  test("when a visitor opens a tool's page, then they are sent to log in and come back to that tool afterwards", async ({ page, buyer, tool }) => {
    await page.goto(`/tools/${tool._id}`);
    await onPath(page, "/login");
    await logIn(page, buyer);
    await onPath(page, `/tools/${tool._id}`);
    await see(page.getByRole("heading", { name: tool.name }));
  });

  test("when a visitor on a tool's page creates a new account from the login page, then after signing up they are back on that tool", async ({
    page,
    tool,
    removeAfterwards,
  }) => {
    const id = unique();
    const account = { name: `Newcomer ${id}`, email: `newcomer-${id}@toolshop.test`, password: `secret-${id}` };
    removeAfterwards(account.email);
    await page.goto(`/tools/${tool._id}`);
    await onPath(page, "/login");
    await page.getByRole("link", { name: "Create New Account" }).click();
    await onPath(page, "/signup");
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await onPath(page, `/tools/${tool._id}`);
    await see(topBar(page).getByText(account.name, { exact: true }));
    await see(page.getByRole("heading", { name: tool.name, level: 1 }));
  });

  test("when a visitor opens My Profile, then after logging in they are on My Profile", async ({ page, buyer }) => {
    await page.goto("/dashboard/profile");
    await onPath(page, "/login");
    await logIn(page, buyer);
    await onPath(page, "/dashboard/profile");
    await see(page.getByRole("heading", { name: "My Profile" }));
  });

  test("when someone logs in from the login page itself, then they land on the home page", async ({ page, buyer }) => {
    await page.goto("/login");
    await logIn(page, buyer);
    await onPath(page, "/");
  });

  test("when a buyer is signed in, then the top bar has Dashboard, their cart, the name and Log Out, and the side menu My Orders, Add a Review and My Profile", async ({
    page,
    buyer,
  }) => {
    await logIn(page, buyer);
    // The count comes with the account's cart.
    await see(topBar(page).getByRole("link", { name: "Cart (0)", exact: true }));
    expect(await names(mainMenu(page).getByRole("link"))).toEqual(["Home", "Tools", "Dashboard", "Portfolio", "Blogs", "Cart (0)"]);
    expect(await texts(mainMenu(page).getByRole("listitem"))).toEqual(["Home", "Tools", "Dashboard", "Portfolio", "Blogs"]);
    await see(topBar(page).getByText(buyer.name, { exact: true }));
    expect(await texts(mainMenu(page).getByRole("button"))).toEqual(["Log Out"]);

    await mainMenu(page).getByRole("link", { name: "Dashboard" }).click();
    await see(sideMenu(page));
    expect(await texts(sideMenu(page).getByRole("link"))).toEqual(["My Orders", "Add a Review", "My Profile"]);
  });

  test("when a buyer opens an admin page, then they are sent to the login page", async ({ page, buyer }) => {
    await logIn(page, buyer);
    await page.goto("/dashboard/allUsers");
    await onPath(page, "/login");
    await expect.poll(() => page.getByRole("heading", { name: "All User" }).count()).toBe(0);
  });

  test("when an admin is signed in, then the side menu has the admin pages and no Add a Review, and the top bar no cart", async ({ page }) => {
    await logIn(page, ADMIN);
    await page.goto("/dashboard");
    await see(sideMenu(page));
    expect(await texts(sideMenu(page).getByRole("link"))).toEqual([
      "My Orders",
      "My Profile",
      "All User",
      "User Wish",
      "Manage Tools",
      "Add Product",
      "Manage All Orders",
    ]);
    // Admins do not buy: once the side menu shows they are one, the top bar has no cart.
    expect(await names(mainMenu(page).getByRole("link"))).toEqual(["Home", "Tools", "Dashboard", "Portfolio", "Blogs"]);
  });

  test("when a buyer logs out on My Orders and another buyer logs in on the same browser, then the second sees only their own orders", async ({
    page,
    makeAccount,
    tool,
  }) => {
    const first = await makeAccount("First");
    const second = await makeAccount("Second");
    await placeOrder(tool, first);

    await logIn(page, first);
    await page.goto("/dashboard");
    await see(page.getByRole("cell", { name: tool.name }));
    await topBar(page).getByRole("button", { name: "Log Out" }).click();
    await onPath(page, "/login");

    await logIn(page, second);
    await onPath(page, "/dashboard");
    await see(page.getByText("You have no orders yet."));
    expect(await page.getByRole("cell", { name: tool.name }).count()).toBe(0);
    await see(topBar(page).getByText(second.name, { exact: true }));
  });
});

describe("a session that outlives its API token", () => {
  test("when the stored API token is no longer accepted, then the shop renews it and the buyer stays where they were", async ({ page, buyer, tool }) => {
    await placeOrder(tool, buyer);
    await logIn(page, buyer);
    // What an hour-old token looks like to the API: signed, but refused with 401.
    await page.evaluate(() => localStorage.setItem("accessToken", "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c3RhbGU"));

    await page.goto("/dashboard/orders");
    await see(page.getByRole("heading", { name: "My Orders", level: 1 }));
    await see(page.getByRole("cell", { name: tool.name }));
    expect(new URL(page.url()).pathname).toBe("/dashboard/orders");
    const renewed = await page.evaluate(() => localStorage.getItem("accessToken"));
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe("eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c3RhbGU");
  });
});
