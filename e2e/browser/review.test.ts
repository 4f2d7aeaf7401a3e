import { describe } from "vitest";
import { unique } from "../support/api.js";
import { expect, logIn, see, test, toast } from "../support/fixtures.js";

describe("Add a Review", () => {
  test("when a buyer adds a rating and a review, then 'Review Added' shows and the review is on the home page under their name", async ({
    page,
    buyer,
  }) => {
    const text = `Sturdy tools, quick delivery (${unique()}).`;
    await logIn(page, buyer);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add a Review" }).click();

    const heading = page.getByRole("heading", { level: 1, name: "please add a review for us" });
    await see(heading);
    expect(await heading.innerText()).toBe(`${buyer.name} please add a review for us`);

    await page.getByRole("button", { name: "Add Review" }).click();
    await see(page.getByText("Rating is Required"));
    await see(page.getByText("Review is Required"));

    await page.getByLabel("Rating").fill("6");
    await page.getByLabel("Review").fill(text);
    await page.getByRole("button", { name: "Add Review" }).click();
    await see(page.getByText("Must be from 1 to 5"));
    expect(await toast(page, "Review Added").count()).toBe(0);

    await page.getByLabel("Rating").fill("4");
    await page.getByRole("button", { name: "Add Review" }).click();
    await see(toast(page, "Review Added"));
    // The form is ready for another review.
    await expect.poll(() => page.getByLabel("Review").inputValue()).toBe("");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    const review = page.getByRole("listitem").filter({ hasText: text });
    await see(review);
    await see(review.getByText(`— ${buyer.name}`));
    await see(review.getByLabel("Rating: 4 out of 5"));
  });
});
