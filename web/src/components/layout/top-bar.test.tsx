import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Session } from "@/lib/auth";
import { TopBar } from "./top-bar";

const auth = vi.hoisted(() => ({ session: { status: "signedOut" } as Session, logout: vi.fn(async () => undefined) }));
vi.mock("@/lib/auth", () => ({ useSession: () => auth.session, useLogout: () => auth.logout }));

function renderTopBar(cartLink?: ReactNode) {
  render(
    <MemoryRouter initialEntries={["/"]}>
      <TopBar cartLink={cartLink} />
      <Routes>
        <Route path="*" element={<p>Page content</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const menuButton = () => screen.getByRole("button", { name: "Menu" });
const menu = () => document.getElementById(menuButton().getAttribute("aria-controls")!)!;

beforeEach(() => {
  auth.session = { status: "signedOut" };
});

describe("TopBar's menu button (phones)", () => {
  it("when the page opens, then the menu is closed and the button says which list it opens", () => {
    renderTopBar();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(menu().tagName).toBe("UL");
    expect(menu()).not.toHaveClass("open");
    expect(screen.getByRole("navigation", { name: "Main" })).toContainElement(menuButton());
  });

  it("when the button is pressed, then the menu opens; pressed again, it closes", async () => {
    const user = renderTopBar();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    expect(menu()).toHaveClass("open");
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("when Escape is pressed in the open menu, then it closes and focus goes back to the button", async () => {
    const user = renderTopBar();
    await user.click(menuButton());
    screen.getByRole("link", { name: "Blogs" }).focus();
    await user.keyboard("{Escape}");
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(menuButton()).toHaveFocus();
  });

  it("when one of its links is followed, then the menu closes, also for the page already shown", async () => {
    const user = renderTopBar();
    await user.click(menuButton());
    await user.click(screen.getByRole("link", { name: "Portfolio" }));
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    await user.click(menuButton());
    await user.click(screen.getByRole("link", { name: "Portfolio" }));
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("when the person presses somewhere else on the page, then the menu closes", async () => {
    const user = renderTopBar();
    await user.click(menuButton());
    await user.click(screen.getByText("Page content"));
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });
});

describe("TopBar's links", () => {
  it("when a visitor is signed out, then it has Home, Tools, Portfolio, Blogs and Login, and no Dashboard", () => {
    renderTopBar();
    const links = screen.getAllByRole("link").map((link) => link.textContent);
    expect(links).toEqual(["Home", "Tools", "Portfolio", "Blogs", "Login"]);
  });

  it("when a buyer is signed in, then it has Dashboard, their name and Log Out", async () => {
    auth.session = { status: "signedIn", user: {} as never, email: "bob@toolshop.test", displayName: "Bob Buyer" };
    const user = renderTopBar();
    expect(screen.getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Bob Buyer")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Log Out" }));
    expect(auth.logout).toHaveBeenCalled();
  });

  it("when the app gives a cart link, then it sits beside the sign-in, in view on a phone rather than in the menu", () => {
    renderTopBar(<a href="/cart">Cart (2)</a>);
    const link = screen.getByRole("link", { name: "Cart (2)" });
    expect(within(menu()).queryByRole("link", { name: "Cart (2)" })).not.toBeInTheDocument();
    expect(link.nextElementSibling).toHaveTextContent("Login");
  });
});
