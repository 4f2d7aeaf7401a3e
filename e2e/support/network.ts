// When a page's requests are done. Playwright's "networkidle" waits for no request at all, but a page
// that follows an order live on Firestore keeps the listen channel open for as long as it shows.
import type { BrowserContext, Page, Request } from "playwright-core";

/** Firestore's listen channel (the emulator's or firestore.googleapis.com): open while a page listens. */
const LISTEN_CHANNEL = /\/google\.firestore\.v1\.Firestore\/Listen\/channel/;
/** As Playwright's "networkidle": no request for this long. */
const QUIET_MS = 500;

const inFlight = new WeakMap<Page, Set<Request>>();

function track(page: Page) {
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  page.on("request", (request) => {
    if (!LISTEN_CHANNEL.test(request.url())) requests.add(request);
  });
  const done = (request: Request) => void requests.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
}

/** Counts the requests of every page the context opens, from its first. */
export function trackRequests(context: BrowserContext) {
  context.on("page", track);
}

/**
 * Waits until the page has had no request in flight for half a second, Firestore's listen channel
 * aside. A page whose requests are not counted is waited for as Playwright's "networkidle".
 */
export async function networkQuiet(page: Page, timeout = 30_000) {
  const requests = inFlight.get(page);
  if (!requests) return page.waitForLoadState("networkidle", { timeout });
  const deadline = Date.now() + timeout;
  let quietSince = Date.now();
  for (;;) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > deadline) throw new Error(`Still loading after ${timeout} ms: ${[...requests].map((request) => request.url()).join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
