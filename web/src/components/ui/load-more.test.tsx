import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoadMore, type PagedList } from "./load-more";

const list = (overrides: Partial<PagedList> = {}): PagedList => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(async () => undefined),
  ...overrides,
});

describe("LoadMore", () => {
  it("when more pages are to load, then it counts what is shown, says so, and its button loads the next page", async () => {
    const paged = list();
    render(<LoadMore className="orders-more" count={3} noun={["order", "orders"]} note=", newest first" list={paged} />);
    expect(screen.getByRole("status")).toHaveTextContent("3 orders shown, newest first; more to load.");
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(paged.fetchNextPage).toHaveBeenCalledOnce();
  });

  it("when the last page is loaded, then one item is counted in the singular and there is no button", () => {
    render(<LoadMore className="users-more" count={1} noun={["user", "users"]} list={list({ hasNextPage: false })} />);
    expect(screen.getByRole("status")).toHaveTextContent("1 user shown.");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("when the next page is loading, then the button is busy and cannot be pressed again", () => {
    render(<LoadMore className="wishes-more" count={2} noun={["tool", "tools"]} list={list({ isFetchingNextPage: true })} />);
    const button = screen.getByRole("button", { name: "Load more" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
  });

  it("when nothing is shown, then there is no footer", () => {
    const { container } = render(<LoadMore className="users-more" count={0} noun={["user", "users"]} list={list()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
