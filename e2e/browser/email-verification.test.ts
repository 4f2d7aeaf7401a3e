import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe } from "vitest";
import { cancelOrder, placeOrder, unique } from "../support/api.js";
import { expect, see, seeNo, test } from "../support/fixtures.js";
import { mailTo, waitForMail } from "../support/mail.js";
import { AUTH_EMULATOR } from "../stack.js";

// Decision 19: a new buyer's order e-mail waits until they confirm their address. The verification
// e-mail is Firebase's; the Auth emulator keeps its link, which the buyer opens as they would in
// their inbox.

const PROJECT = "demo-toolshop";

async function verificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
        const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
        link = oobCodes.findLast((code) => code.email === email && code.requestType === "VERIFY_EMAIL")?.oobLink;
        return link !== undefined;
      },
      { timeout: 10_000, interval: 250 },
    )
    .toBe(true);
  return link!;
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("accessToken"));

describe("confirming a new buyer's e-mail address", () => {
  test("when a buyer signs up, then the dashboard asks them to confirm their address and their order e-mail waits; once they open the link and say so, it arrives", async ({
    page,
    tool,
    removeAfterwards,
  }) => {
    const id = unique();
    const account = { name: `Vera ${id}`, email: `vera-${id}@toolshop.test`, password: `secret-${id}` };
    removeAfterwards(account.email);

    await page.goto("/signup");
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/dashboard");
    const notice = page.getByRole("region", { name: "Confirm your e-mail address" });
    await see(notice);
    expect(await notice.innerText()).toContain(`We sent a link to ${account.email}.`);
    expect(await notice.innerText()).toContain("your order e-mails wait until then");
    const { violations } = await new AxeBuilder({ page }).include(".verify-email-notice").analyze();
    expect(violations.map((rule) => `${rule.id}: ${rule.help}`)).toEqual([]);

    const token = (await storedToken(page))!;
    const order = await placeOrder(tool, { _id: "", email: account.email, password: account.password, name: account.name, token });
    const number = order._id.slice(0, 8).toUpperCase();
    // The local sender runs every two seconds; three runs later, still nothing.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await mailTo(account.email)).toEqual([]);

    // Saying so before opening the link changes nothing.
    await notice.getByRole("button", { name: "I have confirmed it" }).click();
    await see(notice.getByRole("status").getByText(/Your address is not confirmed yet/));

    const link = await verificationLink(account.email);
    const inbox = await page.context().newPage();
    await inbox.goto(link);
    await inbox.close();

    await notice.getByRole("button", { name: "I have confirmed it" }).click();
    await seeNo(notice);
    const placed = await waitForMail(account.email, `Order ${number} placed`);
    expect(placed.subject).toBe(`Order ${number} placed: ${tool.name}`);
    await cancelOrder(order._id, token);
  });
});
