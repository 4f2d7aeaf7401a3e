// Every page of the shop, as each kind of person reaches it: the phone and accessibility tests walk
// all of them. A test that adds a page adds it here, so both tests check it too.
import type { Page } from "playwright-core";
import { SHOP } from "../stack.js";
import { type Account, type Checkout, type Order, placeCheckout, placeOrder, saveCartLine, type Tool } from "./api.js";
import { networkQuiet } from "./network.js";

export type Role = "visitor" | "buyer" | "admin";

/** What the pages with an id in their address show: a tool, an unpaid order and an unpaid checkout of the buyer's. */
export interface RouteData {
  tool: Tool;
  order: Order;
  checkout: Checkout;
}

/**
 * The buyer's things the pages show: an order of the tool, a checkout of it (its payment page and its
 * page), and the tool in their cart, so the cart shows a line and the checkout form.
 */
export async function buyersRouteData(tool: Tool, buyer: Account): Promise<RouteData> {
  const order = await placeOrder(tool, buyer);
  const checkout = await placeCheckout([tool], buyer);
  await saveCartLine(tool, buyer);
  return { tool, order, checkout };
}

const PUBLIC = ["/", "/home", "/tools", "/blogs", "/portfolio"];

export function routesOf(role: Role, { tool, order, checkout }: RouteData): string[] {
  const toolPage = `/tools/${tool._id}`;
  const checkoutPage = `/dashboard/checkouts/${checkout._id}`;
  switch (role) {
    case "visitor":
      return [...PUBLIC, "/cart", "/login", "/signup", "/no-such-page"];
    case "buyer":
      return [
        ...PUBLIC,
        toolPage,
        "/dashboard",
        "/dashboard/orders",
        `/dashboard/orders/${order._id}`,
        "/dashboard/review",
        "/dashboard/profile",
        `/dashboard/payment/${order._id}`,
        "/cart",
        `${checkoutPage}/payment`,
        checkoutPage,
      ];
    case "admin":
      return [
        "/",
        toolPage,
        "/dashboard",
        "/dashboard/profile",
        "/dashboard/allUsers",
        "/dashboard/wishList",
        // User Wish's answered wishes, and Add Product filled from a group of wishes by "Add as tool".
        "/dashboard/wishList?status=done",
        `/dashboard/addProduct?${new URLSearchParams({ wish: "00000000-0000-4000-8000-000000000000", name: "Pipe Bender", price: "120", details: "A 16 mm hand pipe bender." })}`,
        "/dashboard/manageTools",
        // Manage Tools filtered to the tools that can no longer be ordered, each marked Low on stock.
        "/dashboard/manageTools?lowStock=true",
        "/dashboard/addProduct",
        "/dashboard/allOrders",
        // All Orders searched for the buyer's order and filtered to the unpaid ones, as its address keeps them.
        `/dashboard/allOrders?q=${order._id.slice(0, 8).toUpperCase()}&status=unpaid`,
        // An admin may look at any buyer's checkout; only its buyer pays for it.
        checkoutPage,
      ];
  }
}

/** Opens a page and waits until it is whole: a heading shown, nothing loading, no request in flight. */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** Waits until the page in view shows a heading, no spinner, and has no request in flight (but Firestore's listener). */
export async function settled(page: Page) {
  await page.getByRole("main").getByRole("heading").first().waitFor({ state: "visible" });
  await page.locator('.spinner, [aria-busy="true"]').first().waitFor({ state: "detached", timeout: 15_000 });
  await networkQuiet(page);
}

/** A wish of the buyer's, so User Wish has a row to show. */
export async function addWish(account: Account) {
  const response = await fetch(`${SHOP}/api/wish`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ name: "Pipe Bender", price: 120, details: "A 16 mm hand pipe bender with three formers.", userName: account.name }),
  });
  if (!response.ok) throw new Error(`POST /api/wish: ${response.status} ${await response.text()}`);
}
