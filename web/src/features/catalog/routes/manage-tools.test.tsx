import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { toast } from "react-toastify";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { ManagedTool, ManageToolsPage, StockMovementMade, Tool } from "@api/tools/tools.schemas";
import { formatDate } from "@/lib/format";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { ManageToolsRoute } from "./manage-tools";

vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

useNodeAbortController();

const managed = (name: string, values: Partial<ManagedTool> = {}): ManagedTool => ({
  _id: `id-${name.toLowerCase().replace(/\W+/g, "-")}`,
  name,
  price: 18.5,
  img: "/images/tools/claw-hammer.svg",
  description: `The ${name} of the tests.`,
  moq: 5,
  aq: 50,
  createdAt: "2026-11-20T08:00:00.000Z",
  ...values,
});
const hammer = managed("Claw Hammer", { createdAt: "2026-11-21T09:30:00.000Z" });
const drill = managed("Cordless Drill", { moq: 5, aq: 3, createdAt: "2026-10-02T08:00:00.000Z" });
const level = managed("Spirit Level", { createdAt: "2026-09-15T08:00:00.000Z" });

/** Answers GET /api/admin/tools with `answer(query)` and keeps every query it is asked, in order. */
function manageApi(answer: (query: Record<string, string>) => ManageToolsPage) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get("/api/admin/tools", ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      return HttpResponse.json(answer(query));
    }),
  );
  return asked;
}

function renderManageTools(url = "/dashboard/manageTools") {
  const router = createMemoryRouter(
    [
      { path: "/dashboard/manageTools", element: <ManageToolsRoute /> },
      { path: "/tools/:toolsId", element: <h1>The tool page</h1> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { search: () => Object.fromEntries(new URLSearchParams(router.state.location.search)) };
}

const cardOf = (name: string) => screen.getAllByRole("article").find((card) => within(card).queryByRole("heading", { name }))!;
const cardNames = () => screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

describe("Manage Tools' list", () => {
  it("when it shows the tools, then each card has its date added, its actions, and the badge only where the stock is below the minimum order", async () => {
    const asked = manageApi(() => ({ tools: [hammer, drill], next: null }));
    renderManageTools();

    expect(await screen.findByRole("heading", { name: "Claw Hammer", level: 2 })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Manage Tools", level: 1 })).toBeInTheDocument();
    expect(asked).toEqual([{}]);
    expect(cardNames()).toEqual(["Claw Hammer", "Cordless Drill"]);

    const hammerCard = cardOf("Claw Hammer");
    expect(within(hammerCard).getByText(formatDate(hammer.createdAt))).toHaveAttribute("datetime", hammer.createdAt);
    expect(within(hammerCard).getByText(/^Added/)).toHaveTextContent(`Added ${formatDate(hammer.createdAt)}`);
    expect(within(hammerCard).queryByText("Low on stock")).not.toBeInTheDocument();
    expect(within(hammerCard).getAllByRole("button").map((button) => button.textContent)).toEqual(["Edit", "Restock", "Delete"]);
    expect(within(cardOf("Cordless Drill")).getByText("Low on stock")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("2 tools shown.");
  });

  it("when the Low on stock filter is ticked, then the API is asked for those tools, the address keeps it, and unticking lists every tool again", async () => {
    const asked = manageApi(({ lowStock }) => ({ tools: lowStock === "true" ? [drill] : [hammer, drill, level], next: null }));
    const user = userEvent.setup();
    const { search } = renderManageTools();
    await screen.findByRole("heading", { name: "Spirit Level" });

    await user.click(screen.getByRole("checkbox", { name: "Low on stock" }));

    await waitFor(() => expect(cardNames()).toEqual(["Cordless Drill"]));
    expect(asked.at(-1)).toEqual({ lowStock: "true" });
    expect(search()).toEqual({ lowStock: "true" });
    expect(screen.getByRole("checkbox", { name: "Low on stock" })).toBeChecked();

    await user.click(screen.getByRole("checkbox", { name: "Low on stock" }));
    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer", "Cordless Drill", "Spirit Level"]));
    expect(search()).toEqual({});
  });

  it("when a search is sent with the filter, then the API is asked for both, and an empty answer says so in the search's words", async () => {
    const asked = manageApi(() => ({ tools: [], next: null }));
    const user = userEvent.setup();
    renderManageTools("/dashboard/manageTools?lowStock=true");
    expect(await screen.findByText("No tools are low on stock.")).toBeInTheDocument();

    await user.type(screen.getByRole("searchbox", { name: "Search tools" }), "  hamer ");
    await user.click(screen.getByRole("button", { name: "Search" }));

    expect(await screen.findByText("No tools low on stock match “hamer”.")).toBeInTheDocument();
    expect(asked).toEqual([{ lowStock: "true" }, { q: "hamer", lowStock: "true" }]);
    expect(screen.getByRole("link", { name: "Show all tools" })).toHaveAttribute("href", "/dashboard/manageTools");
  });

  it("when there are more tools than a page, then Load more adds the next page below, until there are no more", async () => {
    const asked = manageApi(({ cursor }) => (cursor === "page-2" ? { tools: [level], next: null } : { tools: [hammer, drill], next: "page-2" }));
    const user = userEvent.setup();
    renderManageTools();
    await screen.findByRole("heading", { name: "Cordless Drill" });
    expect(screen.getByRole("status")).toHaveTextContent("2 tools shown; more to load.");

    await user.click(screen.getByRole("button", { name: "Load more" }));

    await waitFor(() => expect(cardNames()).toEqual(["Claw Hammer", "Cordless Drill", "Spirit Level"]));
    expect(asked).toEqual([{}, { cursor: "page-2" }]);
    expect(screen.getByRole("status")).toHaveTextContent("3 tools shown.");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});

describe("Edit", () => {
  it("when an admin opens Edit, then the tool's fields are filled in; a cleared name is required and nothing is sent", async () => {
    manageApi(() => ({ tools: [hammer], next: null }));
    const patches: unknown[] = [];
    server.use(http.patch("/api/tools/:id", async ({ request }) => (patches.push(await request.json()), HttpResponse.json(hammer))));
    const user = userEvent.setup();
    renderManageTools();

    await user.click(await screen.findByRole("button", { name: "Edit Claw Hammer" }));

    const dialog = screen.getByRole("dialog", { name: "Edit Claw Hammer" });
    expect(within(dialog).getByLabelText("Tools Name")).toHaveValue("Claw Hammer");
    expect(within(dialog).getByLabelText("Price")).toHaveValue(18.5);
    expect(within(dialog).getByLabelText("Description")).toHaveValue("The Claw Hammer of the tests.");
    expect(within(dialog).getByLabelText("Minimum Order Quantity")).toHaveValue(5);
    expect(within(dialog).getByLabelText("Image Url")).toHaveValue("/images/tools/claw-hammer.svg");
    expect(within(dialog).queryByLabelText("Available Quantity")).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Tools Name"));
    await user.clear(within(dialog).getByLabelText("Minimum Order Quantity"));
    await user.type(within(dialog).getByLabelText("Minimum Order Quantity"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await within(dialog).findByText("Tools Name is Required")).toBeInTheDocument();
    expect(within(dialog).getByText("Must be at least 1")).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it("when a new price is saved, then the tool is sent with PATCH, 'updated successfully' shows, the dialog closes and the card shows the new price", async () => {
    let current = hammer;
    manageApi(() => ({ tools: [current], next: null }));
    const patches: unknown[] = [];
    server.use(
      http.patch("/api/tools/:id", async ({ request, params }) => {
        const body = (await request.json()) as Partial<Tool>;
        patches.push({ id: params.id, body });
        current = { ...current, ...body };
        return HttpResponse.json(current);
      }),
    );
    const user = userEvent.setup();
    renderManageTools();
    await user.click(await screen.findByRole("button", { name: "Edit Claw Hammer" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Claw Hammer" });

    await user.clear(within(dialog).getByLabelText("Price"));
    await user.type(within(dialog).getByLabelText("Price"), "21.75");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("updated successfully"));
    expect(patches).toEqual([
      {
        id: hammer._id,
        body: { name: "Claw Hammer", price: 21.75, description: "The Claw Hammer of the tests.", moq: 5, img: "/images/tools/claw-hammer.svg" },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(cardOf("Claw Hammer")).findByText("$21.75 per unit")).toBeInTheDocument();
  });

  it("when the API refuses a field, then its message shows under that field and the dialog stays open", async () => {
    manageApi(() => ({ tools: [hammer], next: null }));
    server.use(
      http.patch("/api/tools/:id", () =>
        problemResponse({ status: 400, title: "Bad Request", detail: "The request is not valid.", code: "validation_failed", errors: [{ path: "body/img", message: "Not an image we can show" }] }),
      ),
    );
    const user = userEvent.setup();
    renderManageTools();
    await user.click(await screen.findByRole("button", { name: "Edit Claw Hammer" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Claw Hammer" });

    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await within(dialog).findByText("Not an image we can show")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Image Url")).toHaveAccessibleDescription("Not an image we can show");
    expect(toast.success).not.toHaveBeenCalledWith("updated successfully");
  });
});

describe("Restock", () => {
  function stockApi(answer: (body: { kind: string; quantity: number; reason?: string }) => Response) {
    const sent: unknown[] = [];
    server.use(
      http.post("/api/tools/:id/stock-movements", async ({ request, params }) => {
        const body = (await request.json()) as { kind: string; quantity: number; reason?: string };
        sent.push({ id: params.id, body });
        return answer(body);
      }),
    );
    return sent;
  }
  const made = (kind: "restock" | "correction", quantity: number, reason: string, aq: number): StockMovementMade => ({
    movement: { _id: "41", toolId: drill._id, kind, quantity, reason, actorId: "admin-id", createdAt: "2026-11-22T10:00:00.000Z" },
    aq,
  });

  it("when an admin restocks 25 units, then the movement is sent and the dialog shows the new stock", async () => {
    manageApi(() => ({ tools: [drill], next: null }));
    const sent = stockApi(({ quantity, reason }) => HttpResponse.json(made("restock", quantity, reason ?? "", 28), { status: 201 }));
    const user = userEvent.setup();
    renderManageTools();
    await user.click(await screen.findByRole("button", { name: "Restock Cordless Drill" }));
    const dialog = screen.getByRole("dialog", { name: "Restock Cordless Drill" });
    expect(within(dialog).getByText("3 units")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Restock/ })).toBeChecked();

    await user.type(within(dialog).getByLabelText("Quantity"), "25");
    await user.type(within(dialog).getByLabelText("Reason"), "Delivery 4411");
    await user.click(within(dialog).getByRole("button", { name: "Add stock" }));

    expect(await within(dialog).findByRole("status")).toHaveTextContent("Put 25 units on the shelf. Available quantity is now 28 units.");
    expect(within(dialog).getByText("28 units")).toBeInTheDocument();
    expect(sent).toEqual([{ id: drill._id, body: { kind: "restock", quantity: 25, reason: "Delivery 4411" } }]);
    // Sent, the form is empty again: a second click cannot move the same units twice.
    expect(within(dialog).getByLabelText("Quantity")).toHaveValue(null);
  });

  it("when a correction has no reason or no quantity, then the form says so and nothing is sent", async () => {
    manageApi(() => ({ tools: [drill], next: null }));
    const sent = stockApi(() => HttpResponse.json(made("correction", -1, "x", 2), { status: 201 }));
    const user = userEvent.setup();
    renderManageTools();
    await user.click(await screen.findByRole("button", { name: "Restock Cordless Drill" }));
    const dialog = screen.getByRole("dialog", { name: "Restock Cordless Drill" });

    await user.click(within(dialog).getByRole("radio", { name: /Correction/ }));
    expect(within(dialog).getByLabelText("Reason")).toBeRequired();
    await user.click(within(dialog).getByRole("button", { name: "Take off stock" }));

    expect(await within(dialog).findByText("Quantity is Required")).toBeInTheDocument();
    expect(within(dialog).getByText("A correction needs a reason")).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("when a correction would take more than is on the shelf, then the API's refusal shows in the dialog and the stock shown stays", async () => {
    manageApi(() => ({ tools: [drill], next: null }));
    const sent = stockApi(() =>
      problemResponse({ status: 409, title: "Conflict", detail: "Only 3 units are on the shelf; a correction cannot take off more than that.", code: "stock_below_zero" }),
    );
    const user = userEvent.setup();
    renderManageTools();
    await user.click(await screen.findByRole("button", { name: "Restock Cordless Drill" }));
    const dialog = screen.getByRole("dialog", { name: "Restock Cordless Drill" });

    await user.click(within(dialog).getByRole("radio", { name: /Correction/ }));
    await user.type(within(dialog).getByLabelText("Quantity"), "4");
    await user.type(within(dialog).getByLabelText("Reason"), "Counted short");
    await user.click(within(dialog).getByRole("button", { name: "Take off stock" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only 3 units are on the shelf");
    expect(sent).toEqual([{ id: drill._id, body: { kind: "correction", quantity: 4, reason: "Counted short" } }]);
    expect(within(dialog).getByText("3 units")).toBeInTheDocument();
    expect(within(dialog).getByRole("status")).toBeEmptyDOMElement();
  });
});
