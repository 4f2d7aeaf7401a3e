import type { Page } from "playwright-core";
import { describe } from "vitest";
import { SHOP } from "../stack.js";
import { ADMIN, type Account, unique } from "../support/api.js";
import { expect, logIn, row, see, seeNo, test, toast } from "../support/fixtures.js";

// Issue 13: an admin takes a review down from the home page, Make Admin asks first, and All User
// finds a user by their email.

async function openAllUsers(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "All User" }).click();
  await see(page.getByRole("heading", { name: "All User" }));
}

/** Searches All User and waits for the table to hold that account's row. */
async function searchUsers(page: Page, words: string, email: string) {
  const search = page.getByRole("search", { name: "Users" });
  await search.getByLabel("Search by email or name").fill(words);
  await search.getByRole("button", { name: "Search" }).click();
  await see(row(page.getByRole("table"), email));
}

async function postReview(author: Account, review: string) {
  const response = await fetch(`${SHOP}/api/reviews`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${author.token}` },
    body: JSON.stringify({ rating: 2, review, userName: author.name }),
  });
  if (response.status !== 201) throw new Error(`POST /api/reviews: ${response.status} ${await response.text()}`);
}

async function isAdmin(account: Account): Promise<boolean> {
  const response = await fetch(`${SHOP}/api/admin/${encodeURIComponent(account.email)}`, { headers: { authorization: `Bearer ${account.token}` } });
  return ((await response.json()) as { admin: boolean }).admin;
}

const reviewsSection = (page: Page) => page.locator("section").filter({ has: page.getByRole("heading", { name: "Reviews", exact: true }) });

describe("moderation", () => {
  test("when an admin removes a review from the home page and confirms, then it is gone, for a visitor too", async ({ page, buyer, newPage }) => {
    const text = `Broke on the first day (${unique()}).`;
    await postReview(buyer, text);

    const visitor = await newPage();
    await visitor.goto("/");
    const seenByVisitor = reviewsSection(visitor).getByRole("listitem").filter({ hasText: text });
    await see(seenByVisitor);
    expect(await reviewsSection(visitor).getByRole("button", { name: /^Remove review by / }).count()).toBe(0);

    await logIn(page, ADMIN);
    await page.goto("/");
    const review = reviewsSection(page).getByRole("listitem").filter({ hasText: text });
    await see(review);
    const remove = review.getByRole("button", { name: `Remove review by ${buyer.name}` });

    // No keeps it.
    await remove.click();
    let confirm = page.getByRole("dialog", { name: `Remove the review by ${buyer.name}?` });
    await see(confirm.getByText(text));
    await confirm.getByRole("button", { name: "No" }).click();
    await seeNo(confirm);
    await see(review);

    await remove.click();
    confirm = page.getByRole("dialog", { name: `Remove the review by ${buyer.name}?` });
    await confirm.getByRole("button", { name: "Yes" }).click();
    await see(toast(page, "Review removed"));
    await seeNo(review);

    await visitor.reload();
    await see(reviewsSection(visitor).getByRole("listitem").first());
    expect(await reviewsSection(visitor).getByRole("listitem").filter({ hasText: text }).count()).toBe(0);
  });

  test("when an admin clicks Make Admin, then it asks first: No changes nothing, Yes makes the user an admin", async ({ page, makeAccount }) => {
    const candidate = await makeAccount("Candidate");
    await logIn(page, ADMIN);
    await openAllUsers(page);
    await searchUsers(page, candidate.email, candidate.email);
    const user = row(page.getByRole("table"), candidate.email);

    await user.getByRole("button", { name: "Make Admin" }).click();
    let confirm = page.getByRole("dialog", { name: `Make ${candidate.name} an admin?` });
    await see(confirm);
    await confirm.getByRole("button", { name: "No" }).click();
    await seeNo(confirm);
    await see(user.getByRole("button", { name: "Make Admin" }));
    expect(await toast(page, "New Admin added").count()).toBe(0);
    expect(await isAdmin(candidate)).toBe(false);

    await user.getByRole("button", { name: "Make Admin" }).click();
    confirm = page.getByRole("dialog", { name: `Make ${candidate.name} an admin?` });
    await confirm.getByRole("button", { name: "Yes" }).click();
    await see(toast(page, "New Admin added"));
    await see(user.getByText("Admin", { exact: true }));
    await seeNo(user.getByRole("button", { name: "Make Admin" }));
    expect(await isAdmin(candidate)).toBe(true);
  });

  test("when an admin searches All User by an email, in any case, then that user is the one found, with when they joined", async ({ page, makeAccount }) => {
    const wanted = await makeAccount("Wanted");
    await makeAccount("Other");
    await logIn(page, ADMIN);
    await openAllUsers(page);

    await searchUsers(page, wanted.email.toUpperCase(), wanted.email);
    const table = page.getByRole("table");
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    const found = row(table, wanted.email);
    await see(found.getByText(wanted.name));
    expect(await found.locator('td[data-label="Joined"] time').getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(wanted.email.toUpperCase());
  });
});
