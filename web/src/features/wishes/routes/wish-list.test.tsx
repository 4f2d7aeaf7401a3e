import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { GroupedWish, ResolveWishesBody, WishGroup, WishGroupsPage } from "@api/wishes/wishes.schemas";
import { formatDate } from "@/lib/format";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { WishListRoute } from "./wish-list";

vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

useNodeAbortController();

const wishOf = (id: string, userName: string, name: string, price: number, createdAt: string, values: Partial<GroupedWish> = {}): GroupedWish => ({
  _id: id,
  name,
  price,
  details: `${userName}'s details.`,
  userName,
  userEmail: `${userName.split(" ")[0]!.toLowerCase()}@example.com`,
  createdAt,
  status: "open",
  toolId: null,
  resolvedAt: null,
  ...values,
});

const laserLevel: WishGroup = {
  key: "laser level",
  name: "Laser levels",
  count: 2,
  medianPrice: 215,
  latestAt: "2026-11-21T09:30:00.000Z",
  wishes: [
    wishOf("w-2", "Bob Builder", "Laser levels", 230, "2026-11-21T09:30:00.000Z"),
    wishOf("w-1", "Ann Archer", "laser level", 200, "2026-11-02T08:00:00.000Z", { userEmail: null }),
  ],
};
const pipeBender: WishGroup = {
  key: "pipe bender",
  name: "Pipe Bender",
  count: 1,
  medianPrice: 120.5,
  latestAt: "2026-10-12T08:00:00.000Z",
  wishes: [wishOf("w-3", "Cid Carver", "Pipe Bender", 120.5, "2026-10-12T08:00:00.000Z")],
};
const drumSander: WishGroup = {
  key: "drum sander",
  name: "Drum Sander",
  count: 140,
  medianPrice: 300,
  latestAt: "2026-09-01T08:00:00.000Z",
  wishes: Array.from({ length: 100 }, (_, index) => wishOf(`s-${index}`, `Dee ${index}`, "Drum Sander", 300, "2026-09-01T08:00:00.000Z")),
};

/** Answers GET /api/admin/wishes with `answer(query)` and keeps every query it is asked, in order. */
function groupsApi(answer: (query: Record<string, string>) => WishGroupsPage) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get("/api/admin/wishes", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      return HttpResponse.json(answer(query));
    }),
  );
  return asked;
}

function renderWishList(url = "/dashboard/wishList") {
  const router = createMemoryRouter(
    [
      { path: "/dashboard/wishList", element: <WishListRoute /> },
      { path: "/dashboard/addProduct", element: <h1>Add New tools</h1> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const groupCard = (name: string) => screen.getByRole("article", { name });
const facts = (card: HTMLElement) =>
  Object.fromEntries(within(card).getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe("User Wish, the wishes grouped by tool", () => {
  it("when it shows the groups, then each has its count, median price and latest date, and a table of its wishers with the contract's columns (docs/product.md §3.12), each cell named for phones", async () => {
    const asked = groupsApi(() => ({ groups: [laserLevel, pipeBender], next: null }));
    renderWishList();

    const card = await screen.findByRole("article", { name: "Laser levels" });
    expect(screen.getByRole("heading", { level: 1, name: "User Wish" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Laser levels", "Pipe Bender"]);
    expect(asked).toEqual([{ limit: "20" }]);
    expect(facts(card)).toEqual({ Wishes: "2", "Median price": "$215", "Latest wish": formatDate(laserLevel.latestAt) });
    expect(facts(groupCard("Pipe Bender"))["Median price"]).toBe("$120.50");

    const table = within(card).getByRole("table");
    const headers = within(table).getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual(["User Name", "Tools Name", "Approximate Price", "Details", "Email", "Wished on"]);
    const rows = within(table).getAllByRole("row").slice(1);
    for (const row of rows) expect(within(row).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(headers);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent))).toEqual([
      ["Bob Builder", "Laser levels", "$230", "Bob Builder's details.", "bob@example.com", formatDate("2026-11-21T09:30:00.000Z")],
      ["Ann Archer", "laser level", "$200", "Ann Archer's details.", "Account removed", formatDate("2026-11-02T08:00:00.000Z")],
    ]);
    expect(within(rows[1]!).getByText(formatDate("2026-11-02T08:00:00.000Z"))).toHaveAttribute("datetime", "2026-11-02T08:00:00.000Z");
    expect(screen.getByRole("status")).toHaveTextContent("2 tools shown.");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("when Add as tool is followed, then Add Product opens with the group's wishes, name, median price and newest details in its address", async () => {
    groupsApi(() => ({ groups: [laserLevel], next: null }));
    const { router, user } = renderWishList();

    await user.click(within(await screen.findByRole("article", { name: "Laser levels" })).getByRole("link", { name: "Add as tool" }));
    await screen.findByRole("heading", { name: "Add New tools" });
    expect(router.state.location.pathname).toBe("/dashboard/addProduct");
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      wish: "w-2,w-1",
      name: "Laser levels",
      price: "215",
      details: "Bob Builder's details.",
    });
  });

  it("when a group has more wishes than are listed, then it says which ones its buttons answer", async () => {
    groupsApi(() => ({ groups: [drumSander], next: null }));
    renderWishList();
    const card = await screen.findByRole("article", { name: "Drum Sander" });
    expect(card).toHaveTextContent("The newest 100 of 140 wishes are listed; Add as tool and the answers apply to them.");
    expect(within(card).getAllByRole("row")).toHaveLength(101);
  });

  it("when there are more groups than a page, then Load more adds the next page below until there are no more", async () => {
    const asked = groupsApi(({ cursor }) => (cursor === "page-2" ? { groups: [pipeBender], next: null } : { groups: [laserLevel], next: "page-2" }));
    const { user } = renderWishList();

    await screen.findByRole("article", { name: "Laser levels" });
    expect(screen.getByRole("status")).toHaveTextContent("1 tool shown; more to load.");
    await user.click(screen.getByRole("button", { name: "Load more" }));

    await screen.findByRole("article", { name: "Pipe Bender" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Laser levels", "Pipe Bender"]);
    expect(asked).toEqual([{ limit: "20" }, { limit: "20", cursor: "page-2" }]);
    expect(screen.getByRole("status")).toHaveTextContent("2 tools shown.");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("when an admin searches and picks a status, then the server is asked for them and the address keeps them; a search that finds nothing says so", async () => {
    const asked = groupsApi(({ status }) => (status === "declined" ? { groups: [], next: null } : { groups: [pipeBender], next: null }));
    const { router, user } = renderWishList();
    await screen.findByRole("article", { name: "Pipe Bender" });

    const search = within(screen.getByRole("search", { name: "Wishes" }));
    await user.type(search.getByLabelText("Search by tool, wisher's name or email"), "  benders ");
    await user.click(search.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(asked).toHaveLength(2));

    await user.selectOptions(search.getByLabelText("Status"), "Declined");
    await screen.findByText("No wish matches this search.");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(asked).toEqual([{ limit: "20" }, { q: "benders", limit: "20" }, { q: "benders", status: "declined", limit: "20" }]);
    expect(router.state.location.search).toBe("?q=benders&status=declined");
  });

  it("when the shop has no open wish, then it says so", async () => {
    groupsApi(() => ({ groups: [], next: null }));
    renderWishList();
    await screen.findByText("No wishes yet.");
  });

  it("when done groups are listed, then they offer no answer, only the tool added for them", async () => {
    const done: WishGroup = { ...pipeBender, wishes: pipeBender.wishes.map((wish) => ({ ...wish, status: "done", toolId: "tool-9", resolvedAt: "2026-11-22T08:00:00.000Z" })) };
    groupsApi(() => ({ groups: [done], next: null }));
    renderWishList("/dashboard/wishList?status=done");
    const card = await screen.findByRole("article", { name: "Pipe Bender" });
    expect(within(card).getByRole("link", { name: "See the tool" })).toHaveAttribute("href", "/tools/tool-9");
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: "Add as tool" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("done");
  });

  it("when declined groups are listed, then they offer no answer and no Add as tool, since a declined wish stays declined", async () => {
    const declined: WishGroup = { ...pipeBender, wishes: pipeBender.wishes.map((wish) => ({ ...wish, status: "declined", resolvedAt: "2026-11-22T08:00:00.000Z" })) };
    groupsApi(() => ({ groups: [declined], next: null }));
    renderWishList("/dashboard/wishList?status=declined");
    const card = await screen.findByRole("article", { name: "Pipe Bender" });
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
    expect(within(card).queryByRole("link")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Status")).toHaveValue("declined");
  });
});

describe("Mark done and Decline ask first", () => {
  function answersApi(reply: () => Response = () => HttpResponse.json({ acknowledged: true, modifiedCount: 2 })) {
    const answered: ResolveWishesBody[] = [];
    let open = true;
    groupsApi(() => ({ groups: open ? [laserLevel, pipeBender] : [pipeBender], next: null }));
    server.use(
      http.post("/api/admin/wishes/resolve", async ({ request }) => {
        answered.push((await request.json()) as ResolveWishesBody);
        const response = reply();
        if (response.ok) open = false;
        return response;
      }),
    );
    return answered;
  }

  it("when an admin clicks Decline and answers No, then nothing is declined", async () => {
    const answered = answersApi();
    const { user } = renderWishList();
    await user.click(within(await screen.findByRole("article", { name: "Laser levels" })).getByRole("button", { name: "Decline" }));
    const dialog = screen.getByRole("dialog", { name: "Decline the wishes for Laser levels?" });
    expect(dialog).toHaveTextContent("2 wishes will be declined. Nobody is e-mailed.");
    await user.click(within(dialog).getByRole("button", { name: "No" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(answered).toEqual([]);
    expect(groupCard("Laser levels")).toBeInTheDocument();
  });

  it("when an admin declines a group and answers Yes, then its wishes are declined, a toast says so and the group leaves the open list", async () => {
    const answered = answersApi();
    const { user } = renderWishList();
    await user.click(within(await screen.findByRole("article", { name: "Laser levels" })).getByRole("button", { name: "Decline" }));
    await user.click(within(screen.getByRole("dialog", { name: "Decline the wishes for Laser levels?" })).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(screen.queryByRole("article", { name: "Laser levels" })).not.toBeInTheDocument());
    expect(answered).toEqual([{ wishIds: ["w-2", "w-1"], status: "declined" }]);
    expect(toast.success).toHaveBeenCalledWith("Declined: Laser levels");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("when an admin marks a group done and answers Yes, then its wishes are marked done", async () => {
    const answered = answersApi();
    const { user } = renderWishList();
    await user.click(within(await screen.findByRole("article", { name: "Pipe Bender" })).getByRole("button", { name: "Mark done" }));
    const dialog = screen.getByRole("dialog", { name: "Mark the wishes for Pipe Bender done?" });
    expect(dialog).toHaveTextContent("1 wish will be marked done. Nobody is e-mailed.");
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Marked done: Pipe Bender"));
    expect(answered).toEqual([{ wishIds: ["w-3"], status: "done" }]);
  });

  it("when the answer is refused, then the API's reason shows and the group stays", async () => {
    answersApi(() => problemResponse({ status: 409, title: "Conflict", detail: "A wish for “laser level” is already done.", code: "wish_answered" }));
    const { user } = renderWishList();
    await user.click(within(await screen.findByRole("article", { name: "Laser levels" })).getByRole("button", { name: "Decline" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("A wish for “laser level” is already done."));
    expect(groupCard("Laser levels")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
