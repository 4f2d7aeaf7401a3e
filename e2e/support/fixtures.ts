// Fixtures for the browser tests: Chromium once per file, a fresh browser context and page per test,
// and data of the test's own (accounts, tools) that is removed again when the test ends.
import { mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { test as base, expect } from "vitest";
import { SHOP } from "../stack.js";
import { trackRequests } from "./network.js";
import { ADMIN, type Account, createAccount, createTool, deleteTool, removeAccount, removeUserByEmail, signInToApi, type Tool } from "./api.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Where a failing test leaves a screenshot of its page. */
export const ARTIFACTS = join(tmpdir(), "toolshop-e2e-artifacts");
const GAPI_SHIM = readFileSync(new URL("./gapi-shim.js", import.meta.url), "utf8");

/**
 * The machine is offline: Google's gapi script is served from our shim (see gapi-shim.js), and the
 * Auth emulator's pop-up page's web fonts and styles from unpkg and Google Fonts are refused at once
 * instead of waiting for a network that is not there.
 */
async function keepOffline(context: BrowserContext) {
  await context.route("https://apis.google.com/js/api.js*", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: GAPI_SHIM }),
  );
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
}

/**
 * An error thrown only by code of another site running in the page: the Auth emulator's helper iframe
 * (127.0.0.1:9099) cannot read its sessionStorage, because Chromium blocks third-party storage, and
 * says so with an uncaught error. That page is the emulator's, not the shop's.
 */
function isFromOtherSite(error: Error) {
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 && !frames.some((line) => line.includes(SHOP));
}

async function newContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: SHOP, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  trackRequests(context);
  await keepOffline(context);
  return context;
}

interface FileFixtures {
  browser: Browser;
  /** The demo admin's API token, for making and removing test data. */
  adminToken: string;
}

interface TestFixtures {
  context: BrowserContext;
  page: Page;
  /** A page in a browser of its own (another person at another computer), closed afterwards. */
  newPage: () => Promise<Page>;
  /** A buyer account of this test's own, removed afterwards. */
  buyer: Account;
  /** More accounts of this test's own, removed afterwards. */
  makeAccount: (label?: string) => Promise<Account>;
  /** Removes, after the test, an account the test makes through the pages (sign-up, Google). */
  removeAfterwards: (email: string) => void;
  /** A tool of this test's own (moq 5, aq 50, $12.75), deleted afterwards. */
  tool: Tool;
}

async function screenshot(page: Page, testName: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${testName.replace(/[^\w-]+/g, "_").slice(0, 120)}.png`);
  try {
    await page.screenshot({ path, fullPage: true });
    console.error(`Screenshot of the page at the end of the failed test: ${path} (${page.url()})`);
  } catch {
    // The page is gone; the test's own error says enough.
  }
}

export const test = base.extend<TestFixtures & FileFixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
      await use(browser);
      await browser.close();
    },
    { scope: "file" },
  ],

  adminToken: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const { token } = await signInToApi(ADMIN.email, ADMIN.password);
      await use(token);
    },
    { scope: "file" },
  ],

  context: async ({ browser }, use) => {
    const context = await newContext(browser);
    await use(context);
    await context.close();
  },

  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await newContext(browser);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  page: async ({ context, task }, use) => {
    const page = await context.newPage();
    const crashes: string[] = [];
    page.on("pageerror", (error) => {
      if (!isFromOtherSite(error)) crashes.push(`${error.message}\n${error.stack ?? ""}`);
    });
    await use(page);
    // The test has run; its result is known before its fixtures are torn down.
    if (task.result?.state === "fail" || crashes.length > 0) await screenshot(page, task.name);
    // An uncaught exception in the page is a bug whatever the test was looking at.
    expect(crashes).toEqual([]);
  },

  makeAccount: async ({ adminToken }, use) => {
    const made: Account[] = [];
    await use(async (label) => {
      const account = await createAccount(label);
      made.push(account);
      return account;
    });
    for (const account of made) await removeAccount(account, adminToken);
  },

  removeAfterwards: async ({ adminToken }, use) => {
    const emails: string[] = [];
    await use((email) => void emails.push(email));
    for (const email of emails) await removeUserByEmail(email, adminToken);
  },

  buyer: async ({ makeAccount }, use) => {
    await use(await makeAccount());
  },

  tool: async ({ adminToken }, use) => {
    const tool = await createTool(adminToken);
    await use(tool);
    await deleteTool(tool._id, adminToken);
  },
});

export { expect };

/** Signs in through the login page, as a person does, and waits until the top bar shows it. */
export async function logIn(page: Page, account: { email: string; password: string }) {
  if (!page.url().endsWith("/login")) await page.goto("/login");
  const form = page.locator("form");
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();
  await topBar(page).getByRole("button", { name: "Log Out" }).waitFor();
}

export const topBar = (page: Page) => page.getByRole("banner");

/** The notification toast with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator(".Toastify__toast").filter({ hasText: text });

/** Waits until the locator is visible; the browser tests' "I can see it". */
export async function see(locator: Locator) {
  await locator.waitFor({ state: "visible" });
}

/** Waits until the locator is gone from the page (or hidden). */
export async function seeNo(locator: Locator) {
  await locator.waitFor({ state: "hidden" });
}

/** The visible texts of the matching elements, in order. */
export const texts = async (locator: Locator) => (await locator.allInnerTexts()).map((text) => text.trim());

/**
 * The accessible names of the matching elements, in order: what a screen reader reads out, and what
 * names an icon (the top bar's cart on a phone) or text hidden from sight ("Cart (2)" shown as a 2 on a cart).
 */
export async function names(locator: Locator): Promise<string[]> {
  return Promise.all(
    (await locator.all()).map(async (element) => {
      const [node] = (await element.ariaSnapshotJSON({ depth: 0 })) as { name?: string }[];
      return node?.name ?? "";
    }),
  );
}

/** A table row that contains all of the given texts. */
export function row(scope: Page | Locator, ...cells: string[]) {
  let rows = scope.getByRole("row");
  for (const cell of cells) rows = rows.filter({ hasText: cell });
  return rows;
}

/** Answers the next browser dialog (alert, confirm) with OK and resolves with its message. */
export function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
}

/** The text of a fact in a definition list ("Available quantity" -> "44 units"). */
export async function fact(scope: Page | Locator, term: string): Promise<string> {
  const page = "goto" in scope ? scope : scope.page();
  const exactly = new RegExp(`^\\s*${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  const pair = scope.locator("dl > div").filter({ has: page.locator("dt", { hasText: exactly }) });
  return (await pair.locator("dd").innerText()).trim();
}

/** Whether the element's text is drawn in a red (a strong red channel, weak green and blue). */
export async function isRed(locator: Locator): Promise<boolean> {
  const color = await locator.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return red >= 150 && green < 100 && blue < 100;
}
