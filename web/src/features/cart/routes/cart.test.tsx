import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { User } from "firebase/auth";
import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PreviewCartBody, SaveCartLineBody } from "@api/cart/cart.schemas";
import { ABOVE_AQ, BELOW_MOQ } from "@api/orders/orders.schemas";
import type { Session } from "@/lib/auth";
import { cartOf, hammerLine, levelLine } from "@/test/carts";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { browserCart } from "../lib/browser-cart";
import type { SettledCart } from "../lib/use-cart-edits";
import { CartPage, type CheckoutSlotProps, EMPTY_CART_SENTENCE, FIX_LINES_FIRST } from "./cart";

useNodeAbortController();
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session }));

const buyer: Session = { status: "signedIn", user: {} as User, email: "buyer@toolshop.test", displayName: "Bob" };

const hammer = hammerLine;
const level = levelLine;

/** What the checkout below the lines was last given. */
let slot: CheckoutSlotProps | null = null;
function FakeCheckout(props: CheckoutSlotProps) {
  slot = props;
  return <p data-testid="checkout">{props.blocked ?? "Ready to check out"}</p>;
}

function renderCart() {
  const { queryClient } = renderWithProviders(<CartPage checkout={(props) => <FakeCheckout {...props} />} />);
  return { queryClient, user: userEvent.setup() };
}

const lineItem = (name: string) => screen.getByRole("heading", { name }).closest("li")!;
const findLineItem = async (name: string) => (await screen.findByRole("heading", { name })).closest("li")!;

beforeEach(() => {
  auth.session = { status: "signedOut" };
  slot = null;
});

describe("the cart page for a visitor", () => {
  it("when the browser's cart is empty, then it says so and leads to the catalogue, without asking the API", () => {
    renderCart();
    expect(screen.getByRole("heading", { level: 1, name: "Your cart" })).toBeInTheDocument();
    expect(screen.getByText(EMPTY_CART_SENTENCE)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse the tools" })).toHaveAttribute("href", "/tools");
  });

  it("when it has lines, then the API prices them and each shows its tool, price, quantity and total, with the sign-in instead of the checkout", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    browserCart.save({ toolId: "t2", quantity: 4, seenPrice: 4.5 });
    const previews: PreviewCartBody[] = [];
    server.use(
      http.post("/api/cart/preview", async ({ request }) => {
        previews.push((await request.json()) as PreviewCartBody);
        return HttpResponse.json(cartOf(hammer, level));
      }),
    );
    renderCart();
    const item = within(await findLineItem("Claw Hammer"));
    expect(previews).toEqual([{ lines: browserCart.lines() }]);
    expect(item.getByRole("link", { name: "Claw Hammer" })).toHaveAttribute("href", "/tools/t1");
    expect(item.getByText("Unit price: $18")).toBeInTheDocument();
    expect(item.getByLabelText("Quantity")).toHaveValue(10);
    expect(item.getByText("$180")).toBeInTheDocument();
    expect(screen.getByText(/^Total:/)).toHaveTextContent("Total: $196");
    expect(screen.getByRole("link", { name: "Sign in to check out" })).toHaveAttribute("href", "/login");
    expect(screen.queryByTestId("checkout")).not.toBeInTheDocument();
  });

  it("when a quantity is typed, then it is checked as it is typed and saved in the browser when the field is left", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    server.use(http.post("/api/cart/preview", () => HttpResponse.json(cartOf(hammer))));
    const { user } = renderCart();
    const quantity = within(await findLineItem("Claw Hammer")).getByLabelText("Quantity");
    await user.clear(quantity);
    await user.type(quantity, "9");
    expect(quantity).toHaveAccessibleDescription(BELOW_MOQ);
    await user.tab();
    expect(browserCart.lines()).toEqual([{ toolId: "t1", quantity: 10, seenPrice: 18 }]);
    await user.clear(quantity);
    await user.type(quantity, "51");
    expect(quantity).toHaveAccessibleDescription(ABOVE_AQ);
    await user.clear(quantity);
    await user.type(quantity, "12{Enter}");
    expect(browserCart.lines()).toEqual([{ toolId: "t1", quantity: 12, seenPrice: 18 }]);
    expect(quantity).not.toHaveAttribute("aria-invalid");
  });

  it("when a line's price changed, then it says so and Accept new price saves the line at the price of now", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 16 });
    const message = "The price changed from $16 to $18 since you added it.";
    server.use(http.post("/api/cart/preview", () => HttpResponse.json(cartOf({ ...hammer, seenPrice: 16, problem: "repriced", message }))));
    const { user } = renderCart();
    await screen.findByText(message);
    await user.click(screen.getByRole("button", { name: "Accept new price" }));
    expect(browserCart.lines()).toEqual([{ toolId: "t1", quantity: 10, seenPrice: 18 }]);
  });

  it("when a line is removed, then it leaves the browser's cart and focus goes back to the top of the cart", async () => {
    browserCart.save({ toolId: "t1", quantity: 10, seenPrice: 18 });
    server.use(http.post("/api/cart/preview", () => HttpResponse.json(cartOf(hammer))));
    const { user } = renderCart();
    await findLineItem("Claw Hammer");
    await user.click(screen.getByRole("button", { name: "Remove Claw Hammer" }));
    expect(browserCart.lines()).toEqual([]);
    expect(await screen.findByText(EMPTY_CART_SENTENCE)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveFocus();
  });
});

describe("the cart page for a buyer", () => {
  it("when a line cannot be bought any more, then its message shows, the checkout is held back, and Remove clears the way", async () => {
    auth.session = buyer;
    const message = "Sold out: fewer units are left than the minimum order.";
    const removed: string[] = [];
    server.use(
      http.get("/api/cart", () => HttpResponse.json(cartOf(hammer, { ...level, problem: "sold_out", message }))),
      http.delete<{ toolId: string }>("/api/cart/lines/:toolId", ({ params }) => {
        removed.push(params.toolId);
        return HttpResponse.json(cartOf(hammer));
      }),
    );
    const { user } = renderCart();
    const item = within(await findLineItem("Spirit Level"));
    expect(item.getByText(message)).toBeInTheDocument();
    expect(item.getByLabelText("Quantity")).toBeDisabled();
    expect(screen.getByTestId("checkout")).toHaveTextContent(FIX_LINES_FIRST);
    await user.click(item.getByRole("button", { name: "Remove Spirit Level" }));
    await waitFor(() => expect(screen.getByTestId("checkout")).toHaveTextContent("Ready to check out"));
    expect(removed).toEqual(["t2"]);
    expect(screen.queryByRole("heading", { name: "Spirit Level" })).not.toBeInTheDocument();
  });

  it("when a quantity was just changed, then the checkout is given the cart once the account has saved it", async () => {
    auth.session = buyer;
    const saved: unknown[] = [];
    let answer: (response: Response) => void = () => {};
    server.use(
      http.get("/api/cart", () => HttpResponse.json(cartOf(hammer))),
      http.put<{ toolId: string }>("/api/cart/lines/:toolId", async ({ params, request }) => {
        saved.push([params.toolId, (await request.json()) as SaveCartLineBody]);
        return new Promise<Response>((resolve) => (answer = resolve));
      }),
    );
    const { user } = renderCart();
    const quantity = within(await findLineItem("Claw Hammer")).getByLabelText("Quantity");
    await user.clear(quantity);
    await user.type(quantity, "9");
    expect(screen.getByTestId("checkout")).toHaveTextContent(FIX_LINES_FIRST);
    await user.clear(quantity);
    await user.type(quantity, "20");
    expect(screen.getByTestId("checkout")).toHaveTextContent("Ready to check out");
    await user.tab();
    await waitFor(() => expect(saved).toEqual([["t1", { quantity: 20 }]]));

    let settled: SettledCart | undefined;
    const settling = slot!.settle().then((result) => (settled = result));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBeUndefined();
    answer(HttpResponse.json(cartOf({ ...hammer, quantity: 20, lineTotal: 360 })));
    await act(() => settling);
    expect(settled && "cart" in settled && settled.cart.lines[0]?.quantity).toBe(20);
  });

  it("when the checkout refused some lines, then each one's reason shows beside it until the line is saved again", async () => {
    auth.session = buyer;
    server.use(
      http.get("/api/cart", () => HttpResponse.json(cartOf(hammer, level))),
      http.put("/api/cart/lines/:toolId", () => HttpResponse.json(cartOf(hammer, { ...level, quantity: 3, lineTotal: 12 }))),
    );
    const { user } = renderCart();
    await findLineItem("Spirit Level");
    act(() => slot!.onRefused([{ toolId: "t2", message: ABOVE_AQ }]));
    const item = within(lineItem("Spirit Level"));
    expect(item.getByText(ABOVE_AQ)).toBeInTheDocument();
    expect(item.getByLabelText("Quantity")).toHaveAccessibleDescription(ABOVE_AQ);
    expect(within(lineItem("Claw Hammer")).queryByText(ABOVE_AQ)).not.toBeInTheDocument();
    await user.clear(item.getByLabelText("Quantity"));
    await user.type(item.getByLabelText("Quantity"), "3");
    await user.tab();
    await waitFor(() => expect(item.queryByText(ABOVE_AQ)).not.toBeInTheDocument());
  });
});
