import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import type { AdminUser, AdminUsersPage } from "@api/users/users.schemas";
import type * as Auth from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { AllUsersRoute } from "./all-users";

const ME = "admin@toolshop.test";
vi.mock("@/lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  useSession: () => ({ status: "signedIn", email: ME, displayName: "Ada Admin", user: {} }),
}));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

useNodeAbortController();

const person = (email: string, name: string, joined: string, role: AdminUser["role"] = "buyer"): AdminUser => ({
  _id: `id-${email}`,
  email,
  name,
  role,
  education: "",
  location: "",
  number: "",
  linkIn: "",
  createdAt: joined,
});
const me = person(ME, "Ada Admin", "2026-11-20T08:00:00.000Z", "admin");
const ann = person("ann@example.com", "Ann Archer", "2026-11-19T08:00:00.000Z");
const bob = person("bob@example.com", "Bob Builder", "2026-10-02T08:00:00.000Z");

/** The API's list, answering each page it is asked for from `pages` (keyed by cursor, "" for the first). */
function usersApi(pages: Record<string, AdminUsersPage>) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get("/api/admin/users", ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(params);
      return HttpResponse.json(pages[params.cursor ?? ""] ?? { users: [], next: null });
    }),
  );
  return asked;
}

const rowOf = (email: string) => screen.getByRole("row", { name: new RegExp(email) });

describe("All User", () => {
  it("when it lists users, then it has the contract's columns (docs/product.md §3.11) with Name and Joined, every cell named for phones, and no Remove User on the admin's own row", async () => {
    const asked = usersApi({ "": { users: [me, ann], next: null } });
    renderWithProviders(<AllUsersRoute />);

    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["No.", "Email", "Name", "Joined", "Make Admin", "Remove User"]);
    expect(asked).toEqual([{ limit: "25" }]);

    const headers = within(table).getAllByRole("columnheader").map((cell) => cell.textContent);
    for (const row of within(table).getAllByRole("row").slice(1)) {
      expect(within(row).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(headers);
    }

    const annRow = rowOf(ann.email);
    expect(within(annRow).getAllByRole("cell").slice(0, 3).map((cell) => cell.textContent)).toEqual(["2", "ann@example.com", "Ann Archer"]);
    expect(within(annRow).getByText(formatDate(ann.createdAt))).toHaveAttribute("datetime", ann.createdAt);
    expect(within(annRow).getByRole("button", { name: "Make Admin" })).toBeInTheDocument();
    expect(within(annRow).getByRole("button", { name: "Remove User" })).toBeInTheDocument();

    const ownRow = rowOf(ME);
    expect(within(ownRow).getByText("Admin")).toBeInTheDocument();
    expect(within(ownRow).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("2 users shown.");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("when there are more users than a page, then Load more adds the next page below, numbered on, until there are no more", async () => {
    const asked = usersApi({ "": { users: [me, ann], next: "page-2" }, "page-2": { users: [bob], next: null } });
    const user = userEvent.setup();
    renderWithProviders(<AllUsersRoute />);

    await screen.findByRole("table");
    expect(screen.getByRole("status")).toHaveTextContent("2 users shown; more to load.");
    await user.click(screen.getByRole("button", { name: "Load more" }));

    await waitFor(() => expect(within(rowOf(bob.email)).getAllByRole("cell")[0]).toHaveTextContent("3"));
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(asked).toEqual([{ limit: "25" }, { limit: "25", cursor: "page-2" }]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("3 users shown.");
  });

  it("when an admin searches and picks a role, then the server is asked for them, and a search that finds nobody says so", async () => {
    const asked = usersApi({ "": { users: [me, ann], next: null } });
    const user = userEvent.setup();
    renderWithProviders(<AllUsersRoute />);
    await screen.findByRole("table");

    server.use(
      http.get("/api/admin/users", ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(params);
        return HttpResponse.json(params.role === "admin" ? { users: [], next: null } : { users: [ann], next: null });
      }),
    );
    const search = within(screen.getByRole("search", { name: "Users" }));
    await user.type(search.getByLabelText("Search by email or name"), "  Ann ");
    await user.click(search.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(screen.queryByRole("row", { name: new RegExp(ME) })).not.toBeInTheDocument());
    expect(rowOf(ann.email)).toBeInTheDocument();

    await user.selectOptions(search.getByLabelText("Role"), "Admins");
    await screen.findByText("No user matches this search.");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(asked.slice(1)).toEqual([
      { q: "Ann", limit: "25" },
      { q: "Ann", role: "admin", limit: "25" },
    ]);
  });
});

describe("Make Admin asks first", () => {
  function makeAdminApi() {
    const promoted: string[] = [];
    let role: AdminUser["role"] = "buyer";
    server.use(
      http.get("/api/admin/users", () => HttpResponse.json({ users: [me, { ...ann, role }], next: null })),
      http.put<{ email: string }>("/api/user/admin/:email", ({ params }) => {
        promoted.push(params.email);
        role = "admin";
        return HttpResponse.json({ ...ann, role, acknowledged: true });
      }),
    );
    return promoted;
  }

  it("when an admin clicks Make Admin and answers No, then nobody is made admin", async () => {
    const promoted = makeAdminApi();
    const user = userEvent.setup();
    renderWithProviders(<AllUsersRoute />);

    await user.click(within(await screen.findByRole("row", { name: /ann@example.com/ })).getByRole("button", { name: "Make Admin" }));
    const dialog = screen.getByRole("dialog", { name: "Make Ann Archer an admin?" });
    expect(dialog).toHaveTextContent("ann@example.com will be able to manage tools, orders and users.");
    await user.click(within(dialog).getByRole("button", { name: "No" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(promoted).toEqual([]);
    expect(within(rowOf(ann.email)).getByRole("button", { name: "Make Admin" })).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("when an admin clicks Make Admin and answers Yes, then the user is made admin, 'New Admin added' shows and the row says Admin", async () => {
    const promoted = makeAdminApi();
    const user = userEvent.setup();
    renderWithProviders(<AllUsersRoute />);

    await user.click(within(await screen.findByRole("row", { name: /ann@example.com/ })).getByRole("button", { name: "Make Admin" }));
    await user.click(within(screen.getByRole("dialog", { name: "Make Ann Archer an admin?" })).getByRole("button", { name: "Yes" }));

    await waitFor(() => expect(within(rowOf(ann.email)).getByText("Admin")).toBeInTheDocument());
    expect(promoted).toEqual(["ann@example.com"]);
    expect(toast.success).toHaveBeenCalledWith("New Admin added");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
