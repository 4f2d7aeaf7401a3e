import type { Page } from "playwright-core";
import { describe } from "vitest";
import { SHOP } from "../stack.js";
import { ADMIN, type Account, deleteTool, unique } from "../support/api.js";
import { expect, fact, logIn, see, test, texts, toast } from "../support/fixtures.js";
import { mailPage, mailTo, waitForMail } from "../support/mail.js";

// Issue 13: User Wish groups the wishes for the same tool; "Add as tool" fills Add Product from the
// group, and once the tool is added every buyer who wished for it is e-mailed a link to it.

const SUBJECT = "The tool you wished for is here";

/** A buyer's wish, sent as the home page's wish form sends it. */
async function wish(account: Account, name: string, price: number, details: string) {
  const response = await fetch(`${SHOP}/api/wish`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ name, price, details, userName: account.name }),
  });
  if (!response.ok) throw new Error(`POST /api/wish: ${response.status} ${await response.text()}`);
}

async function openUserWish(page: Page) {
  await page.goto("/dashboard/wishList");
  await see(page.getByRole("heading", { name: "User Wish", level: 1 }));
}

describe("wish triage", () => {
  test("when two buyers wish for the same tool in different cases, then the admin sees one group of two, adds it as a tool from the filled form, and both are e-mailed a link to it", async ({
    page,
    newPage,
    makeAccount,
    adminToken,
  }) => {
    const [ann, bob] = [await makeAccount("Wisher"), await makeAccount("Wisher")];
    const code = unique();
    const name = `Laser Level ${code}`;
    await wish(ann, name, 200, "Green beam, self-levelling.");
    await wish(bob, name.toUpperCase(), 240, "Green beam, with a tripod.");

    await logIn(page, ADMIN);
    await openUserWish(page);
    await page.getByRole("searchbox", { name: "Search by tool, wisher's name or email" }).fill(code);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === code);

    // One group, named as the most recent wish spells it.
    const group = page.getByRole("article");
    await expect.poll(() => texts(group.getByRole("heading"))).toEqual([name.toUpperCase()]);
    expect(await fact(group, "Wishes")).toBe("2");
    expect(await fact(group, "Median price")).toBe("$220");
    expect(await texts(group.getByRole("row").filter({ has: page.getByRole("cell") }).locator("td:first-child"))).toEqual([bob.name, ann.name]);

    await group.getByRole("link", { name: "Add as tool" }).click();
    await see(page.getByRole("heading", { name: "Add New tools", level: 1 }));
    await see(page.getByText("This tool answers 2 wishes."));
    expect(await page.getByLabel("Tools Name").inputValue()).toBe(name.toUpperCase());
    expect(await page.getByLabel("Price").inputValue()).toBe("220");
    expect(await page.getByLabel("Description").inputValue()).toBe("Green beam, with a tripod.");
    await page.getByLabel("Tools Name").fill(name);
    await page.getByLabel("Minimum Order Quantity").fill("1");
    await page.getByLabel("Available Quantity").fill("20");
    await page.getByLabel("Image Url").fill("/images/tools/laser-level.svg");
    await page.getByRole("button", { name: "Add tools" }).click();
    await see(toast(page, "You wish a tool"));
    await see(toast(page, "The buyers who wished for it will be e-mailed a link to it."));
    await expect.poll(() => page.getByLabel("Tools Name").inputValue()).toBe("");

    const [toAnn, toBob] = [await waitForMail(ann.email, SUBJECT), await waitForMail(bob.email, SUBJECT)];
    const link = toAnn.text?.match(/See the tool: (\S+)/)?.[1] ?? "";
    expect(link).toMatch(new RegExp(`^${SHOP}/tools/[0-9a-f-]{36}$`));
    expect(toBob.text).toContain(`See the tool: ${link}`);
    const toolId = link.split("/").pop()!;
    try {
      expect(toAnn.subject).toBe(`${SUBJECT}: ${name}`);

      // The buyer follows the link from their inbox to the tool.
      const buyerPage = await newPage();
      await logIn(buyerPage, ann);
      await buyerPage.goto(mailPage(toAnn));
      await buyerPage.getByRole("link", { name: "See the tool" }).click();
      await buyerPage.waitForURL((url) => url.pathname === `/tools/${toolId}`);
      await see(buyerPage.getByRole("heading", { name, level: 1 }));

      // The wishes are answered: gone from the open list, under Done with a link to the tool.
      await openUserWish(page);
      await page.getByRole("searchbox", { name: "Search by tool, wisher's name or email" }).fill(code);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await see(page.getByText("No wish matches this search."));
      await page.getByLabel("Status").selectOption("done");
      await see(page.getByRole("article").getByRole("link", { name: "See the tool" }));

      // Each buyer is told once, however often the sender runs.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect((await mailTo(ann.email)).filter((mail) => mail.subject.startsWith(SUBJECT))).toHaveLength(1);
      expect((await mailTo(bob.email)).filter((mail) => mail.subject.startsWith(SUBJECT))).toHaveLength(1);
    } finally {
      await deleteTool(toolId, adminToken);
    }
  });
});
