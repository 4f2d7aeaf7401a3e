import { act, screen, waitFor } from "@testing-library/react";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Cart, CartLine, MergeCartBody } from "@api/cart/cart.schemas";
import type { Session } from "@/lib/auth";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { browserCart } from "../lib/browser-cart";
import { CartLink } from "./cart-link";

useNodeAbortController();

const auth = vi.hoisted(() => ({
  session: { status: "signedOut" } as Session,
  admin: { isLoading: false, isAdmin: false },
}));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session, useAdminStatus: () => auth.admin }));

const buyer: Session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob" };

const line = (toolId: string): CartLine => ({
  toolId,
  toolName: `Tool ${toolId}`,
  img: "/images/tool.svg",
  unitPrice: 10,
  seenPrice: 10,
  quantity: 1,
  lineTotal: 10,
  moq: 1,
  aq: 100,
  problem: null,
  message: null,
});
const cartOf = (...toolIds: string[]): Cart => ({ lines: toolIds.map(line), count: toolIds.length, total: 10 * toolIds.length, message: null, ready: toolIds.length > 0 });

beforeEach(() => {
  auth.session = { status: "signedOut" };
  auth.admin = { isLoading: false, isAdmin: false };
});

describe("CartLink", () => {
  it("when a visitor has lines in this browser, then the link says how many, without asking the API", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    browserCart.save({ toolId: "t2", quantity: 5 });
    renderWithProviders(<CartLink />);
    expect(screen.getByRole("link", { name: "Cart (2)" })).toHaveAttribute("href", "/cart");
    act(() => void browserCart.save({ toolId: "t3", quantity: 1 }));
    expect(screen.getByRole("link", { name: "Cart (3)" })).toBeInTheDocument();
  });

  it("when its word and count are laid out as boxes of their own, as the top bar's styles lay them out, then it is still read as one name", () => {
    // A browser puts a space around each block in a name read from the content ("Cart ( 2 )").
    const layout = document.head.appendChild(document.createElement("style"));
    layout.textContent = ".cart-link * { display: block; }";
    try {
      browserCart.save({ toolId: "t1", quantity: 10 });
      browserCart.save({ toolId: "t2", quantity: 5 });
      renderWithProviders(<CartLink />);
      expect(screen.getByRole("link", { name: "Cart (2)" })).toBeInTheDocument();
    } finally {
      layout.remove();
    }
  });

  it("when a buyer is signed in, then the count is the account's cart's", async () => {
    auth.session = buyer;
    server.use(http.get("/api/cart", () => HttpResponse.json(cartOf("a", "b", "c"))));
    renderWithProviders(<CartLink />);
    expect(await screen.findByRole("link", { name: "Cart (3)" })).toBeInTheDocument();
  });

  it("when a visitor with a cart signs in, then the browser's lines join the account's cart, the browser's copy is cleared and the count is the merged cart's", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    auth.session = buyer;
    const merged: MergeCartBody[] = [];
    const asked: string[] = [];
    server.use(
      http.post("/api/cart/merge", async ({ request }) => {
        merged.push((await request.json()) as MergeCartBody);
        return HttpResponse.json(cartOf("a", "t1"));
      }),
      http.get("/api/cart", () => {
        asked.push("GET /api/cart");
        return HttpResponse.json(cartOf("a"));
      }),
    );
    renderWithProviders(<CartLink />);
    expect(await screen.findByRole("link", { name: "Cart (2)" })).toBeInTheDocument();
    expect(merged).toEqual([{ lines: [{ toolId: "t1", quantity: 10, seenPrice: 18 }] }]);
    expect(browserCart.lines()).toEqual([]);
    // The merge answered with the cart: asking for it again could only bring an older answer.
    expect(asked).toEqual([]);
  });

  it("when the merge fails, then the account's cart is shown and the browser keeps its lines for a later try", async () => {
    browserCart.save({ toolId: "t1", quantity: 10 });
    auth.session = buyer;
    server.use(
      http.post("/api/cart/merge", () => problemResponse({ status: 400, title: "Bad Request", code: "validation", detail: "Bad lines." })),
      http.get("/api/cart", () => HttpResponse.json(cartOf("a"))),
    );
    renderWithProviders(<CartLink />);
    expect(await screen.findByRole("link", { name: "Cart (1)" })).toBeInTheDocument();
    await waitFor(() => expect(browserCart.lines()).toEqual([{ toolId: "t1", quantity: 10 }]));
  });

  it("when an admin is signed in, or the session is not known yet, then there is no cart link and nothing is asked", () => {
    auth.session = buyer;
    auth.admin = { isLoading: false, isAdmin: true };
    renderWithProviders(<CartLink />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    auth.session = { status: "loading" };
    renderWithProviders(<CartLink />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
