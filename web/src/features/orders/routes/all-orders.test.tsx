import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { ToastContainer, toast } from "react-toastify";
import { describe, expect, it } from "vitest";
import type { AdminOrdersPage, Order } from "@api/orders/orders.schemas";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { unpaidOrder } from "@/test/orders";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { AllOrdersRoute } from "./all-orders";

useNodeAbortController();

const unpaid = unpaidOrder;
const paid: Order = {
  ...unpaid,
  _id: "1c8f2d3b-2222-4333-8444-a55556666777",
  toolName: "Spirit Level",
  userName: "Cora Carpenter",
  userEmail: "cora@example.com",
  quantityAmount: 4,
  toolPrice: 96,
  paid: true,
  status: "paid",
  createdAt: "2026-11-21T09:00:00.000Z",
  releasesAt: null,
  transactionId: "pi_1",
  paidAt: "2026-11-21T09:10:00.000Z",
  cardLast4: "4242",
};
const shipped: Order = {
  ...paid,
  _id: "2d903e4c-3333-4444-8555-b66667777888",
  toolName: "Socket Set",
  createdAt: "2026-11-20T09:00:00.000Z",
  shipped: true,
  status: "shipped",
  shippedAt: "2026-11-23T09:00:00.000Z",
};
const refunded: Order = { ...paid, _id: "3ea14f5d-4444-4555-8666-c77778888999", toolName: "Pipe Wrench", status: "refunded", refundedAt: "2026-11-24T00:00:00.000Z" };
const cancelled: Order = { ...unpaid, _id: "4fb25a6e-5555-4666-8777-d88889999aaa", toolName: "Hand Saw", status: "cancelled", releasesAt: null, cancelledAt: "2026-11-22T06:00:00.000Z" };

const PAGE = { limit: "25" };

/** All Orders at `address`, in a router whose address the test can read and go back in, with the app's toasts. */
function openAllOrders(address = "/dashboard/allOrders") {
  const queryClient = new QueryClient({
    // As the app's query client does: every failed change is told in a toast with the API's detail.
    mutationCache: new MutationCache({ onError: (error) => void toast.error(errorMessage(error)) }),
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: "/dashboard/allOrders", element: <AllOrdersRoute /> }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { router, search: () => router.state.location.search };
}

/** GET /api/admin/orders answered by `answer`; returns the query of every call, in order. */
function ordersApi(answer: (params: Record<string, string>) => AdminOrdersPage) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get("/api/admin/orders", ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(params);
      return HttpResponse.json(answer(params));
    }),
  );
  return asked;
}

const onePage = (...orders: Order[]) => () => ({ orders, next: null });

const rowOf = (toolName: string) => screen.getByRole("row", { name: new RegExp(toolName) });
/** The contract's second Status cell (docs/product.md §3.10): where the order is on its way. */
const fulfilmentOf = (toolName: string) => within(rowOf(toolName)).getAllByRole("cell")[6]!;
const toasts = () => document.querySelectorAll(".Toastify__toast");

describe("Manage All Orders", () => {
  it("when it lists orders, then it has the contract's eight columns (docs/product.md §3.10), every cell named for phones, and each row headed by the day its order was placed", async () => {
    const asked = ordersApi(onePage(unpaid, paid, shipped));
    openAllOrders();

    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(headers).toEqual(["Order Number", "Name", "Tools Name", "Ordered Quantity", "Total Price", "Status", "Status", "Cancel"]);
    for (const row of within(table).getAllByRole("row").slice(1)) {
      expect(within(row).getAllByRole("cell").map((cell) => cell.getAttribute("data-label"))).toEqual(headers);
    }
    expect(asked).toEqual([PAGE]);

    const day = within(rowOf("Spirit Level")).getByRole("rowheader");
    expect(day).toHaveTextContent(formatDate(paid.createdAt));
    expect(within(day).getByText(formatDate(paid.createdAt))).toHaveAttribute("datetime", paid.createdAt);
    expect(within(rowOf("Claw Hammer")).getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "0B7E1C2A",
      "Bob Buyer",
      "Claw Hammer",
      "20 units",
      "$360",
      "Unpaid",
      "Awaiting payment",
      "Cancel",
    ]);
    expect(within(rowOf("Claw Hammer")).getByRole("link", { name: "Order 0B7E1C2A" })).toHaveAttribute("href", `/dashboard/orders/${unpaid._id}`);
    expect(screen.getByRole("status")).toHaveTextContent("3 orders shown, newest first.");
  });

  it("when orders are in every state, then a paid one has Pending, Shipped and Cancel and refund, and only an unpaid one has Cancel", async () => {
    ordersApi(onePage(unpaid, paid, { ...shipped, shippingCarrier: "UPS", trackingNumber: "1Z999AA10123456784" }, refunded, cancelled));
    openAllOrders();
    await screen.findByRole("table");

    const paidCell = within(fulfilmentOf("Spirit Level"));
    expect(paidCell.getByText("Pending")).toBeInTheDocument();
    expect(paidCell.getByRole("button", { name: "Shipped" })).toBeEnabled();
    expect(paidCell.getByRole("button", { name: "Cancel and refund" })).toBeInTheDocument();
    expect(paidCell.getByLabelText("Carrier of order 1C8F2D3B")).toHaveValue("");
    expect(paidCell.getByLabelText("Tracking number of order 1C8F2D3B")).toHaveValue("");

    expect(fulfilmentOf("Socket Set")).toHaveTextContent(/^ShippedUPSTracking: 1Z999AA10123456784$/);
    expect(fulfilmentOf("Pipe Wrench")).toHaveTextContent(/^Refunded$/);
    expect(fulfilmentOf("Hand Saw")).toHaveTextContent(/^Cancelled$/);
    for (const toolName of ["Socket Set", "Pipe Wrench", "Hand Saw"]) expect(within(rowOf(toolName)).queryByRole("button")).not.toBeInTheDocument();

    const withCancel = ["Claw Hammer", "Spirit Level", "Socket Set", "Pipe Wrench", "Hand Saw"].filter(
      (toolName) => within(within(rowOf(toolName)).getAllByRole("cell")[7]!).queryByRole("button", { name: "Cancel" }) !== null,
    );
    expect(withCancel).toEqual(["Claw Hammer"]);
  });

  it("when there are no orders, then it says so and shows no table", async () => {
    ordersApi(onePage());
    openAllOrders();
    expect(await screen.findByText("There are no orders yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("when a search finds nothing, then it says no order matches", async () => {
    ordersApi(onePage());
    openAllOrders("/dashboard/allOrders?q=nobody");
    expect(await screen.findByText("No order matches this search.")).toBeInTheDocument();
  });
});

describe("Manage All Orders, a page at a time", () => {
  it("when there are more orders than a page, then Load more adds the next page below until there are no more", async () => {
    const asked = ordersApi(({ cursor }) => (cursor === "page-2" ? { orders: [shipped], next: null } : { orders: [unpaid, paid], next: "page-2" }));
    const user = userEvent.setup();
    openAllOrders();

    await screen.findByRole("table");
    expect(screen.getByRole("status")).toHaveTextContent("2 orders shown, newest first; more to load.");
    await user.click(screen.getByRole("button", { name: "Load more" }));

    await screen.findByRole("row", { name: /Socket Set/ });
    expect(
      screen
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[2]!.textContent),
    ).toEqual(["Claw Hammer", "Spirit Level", "Socket Set"]);
    expect(asked).toEqual([PAGE, { ...PAGE, cursor: "page-2" }]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("3 orders shown, newest first.");
  });
});

describe("Manage All Orders, searched and filtered in the address", () => {
  it("when an admin searches and picks a status, then both go in the address and to the server, and Back brings the search before", async () => {
    const asked = ordersApi(({ status }) => (status === "paid" ? { orders: [paid], next: null } : { orders: [paid, refunded], next: null }));
    const user = userEvent.setup();
    const { router, search } = openAllOrders();
    await screen.findByRole("table");

    const form = within(screen.getByRole("search", { name: "Orders" }));
    await user.type(form.getByLabelText("Search by email, name, tool or order number"), "  cora@example.com ");
    await user.click(form.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(search()).toBe("?q=cora%40example.com"));

    expect(
      within(form.getByLabelText("Status"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All live", "Awaiting payment", "Paid · awaiting shipment", "Shipped", "Refunded", "Cancelled"]);
    await user.selectOptions(form.getByLabelText("Status"), "Paid · awaiting shipment");
    await waitFor(() => expect(search()).toBe("?q=cora%40example.com&status=paid"));
    await waitFor(() => expect(screen.queryByRole("row", { name: /Pipe Wrench/ })).not.toBeInTheDocument());
    expect(rowOf("Spirit Level")).toBeInTheDocument();
    expect(asked).toEqual([PAGE, { q: "cora@example.com", ...PAGE }, { q: "cora@example.com", status: "paid", ...PAGE }]);

    await act(() => router.navigate(-1));
    expect(search()).toBe("?q=cora%40example.com");
    expect(form.getByLabelText("Status")).toHaveValue("");
    expect(await screen.findByRole("row", { name: /Pipe Wrench/ })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(search()).toBe("");
    expect(form.getByLabelText("Search by email, name, tool or order number")).toHaveValue("");
  });

  it("when the page is opened with a search and a status in its address, then the form shows them and the server is asked for them", async () => {
    const asked = ordersApi(onePage(refunded));
    openAllOrders("/dashboard/allOrders?q=Pipe&status=refunded");
    await screen.findByRole("table");
    const form = within(screen.getByRole("search", { name: "Orders" }));
    expect(form.getByLabelText("Search by email, name, tool or order number")).toHaveValue("Pipe");
    expect(form.getByLabelText("Status")).toHaveValue("refunded");
    expect(asked).toEqual([{ q: "Pipe", status: "refunded", ...PAGE }]);
  });

  it("when the address names a status that does not exist, then every live order is asked for", async () => {
    const asked = ordersApi(onePage(unpaid));
    openAllOrders("/dashboard/allOrders?status=lost");
    await screen.findByRole("table");
    expect(asked).toEqual([PAGE]);
    expect(within(screen.getByRole("search", { name: "Orders" })).getByLabelText("Status")).toHaveValue("");
  });
});

describe("Manage All Orders, shipping", () => {
  /** PATCH /api/orders/{id}/shipped: records each call's id, content type and body, and answers the order shipped. */
  function shipApi() {
    const calls: { id: string; contentType: string | null; body: string }[] = [];
    server.use(
      http.patch<{ id: string }>("/api/orders/:id/shipped", async ({ params, request }) => {
        const body = await request.text();
        calls.push({ id: params.id, contentType: request.headers.get("content-type"), body });
        const details = body ? (JSON.parse(body) as { carrier?: string; trackingNumber?: string }) : {};
        return HttpResponse.json({
          ...paid,
          shipped: true,
          status: "shipped",
          shippedAt: "2026-11-23T09:00:00.000Z",
          shippingCarrier: details.carrier ?? null,
          trackingNumber: details.trackingNumber ?? null,
        } satisfies Order);
      }),
    );
    return calls;
  }

  it("when Shipped is clicked with no details, then it is the contract's call (docs/product.md §3.10), with no body, and the row says Shipped in place", async () => {
    const asked = ordersApi(onePage(unpaid, paid));
    const calls = shipApi();
    const user = userEvent.setup();
    openAllOrders("/dashboard/allOrders?status=paid");
    await screen.findByRole("table");

    await user.click(within(fulfilmentOf("Spirit Level")).getByRole("button", { name: "Shipped" }));
    await waitFor(() => expect(fulfilmentOf("Spirit Level")).toHaveTextContent(/^Shipped$/));
    expect(calls).toEqual([{ id: paid._id, contentType: null, body: "" }]);
    expect(within(rowOf("Spirit Level")).queryByRole("button")).not.toBeInTheDocument();
    // Shown where it is, not fetched again: under the Paid filter the row would otherwise vanish.
    expect(asked).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("when a carrier and a tracking number are typed before Shipped, then they are sent with it and shown in the row", async () => {
    ordersApi(onePage(paid));
    const calls = shipApi();
    const user = userEvent.setup();
    openAllOrders();
    await screen.findByRole("table");

    const cell = within(fulfilmentOf("Spirit Level"));
    await user.type(cell.getByLabelText("Carrier of order 1C8F2D3B"), " DHL Express ");
    await user.type(cell.getByLabelText("Tracking number of order 1C8F2D3B"), "JD014600006281230476");
    await user.click(cell.getByRole("button", { name: "Shipped" }));

    await waitFor(() => expect(fulfilmentOf("Spirit Level")).toHaveTextContent(/^ShippedDHL ExpressTracking: JD014600006281230476$/));
    expect(calls).toEqual([{ id: paid._id, contentType: "application/json", body: JSON.stringify({ carrier: "DHL Express", trackingNumber: "JD014600006281230476" }) }]);
  });

  it("when only a tracking number is typed, then only it is sent", async () => {
    ordersApi(onePage(paid));
    const calls = shipApi();
    const user = userEvent.setup();
    openAllOrders();
    await screen.findByRole("table");

    const cell = within(fulfilmentOf("Spirit Level"));
    await user.type(cell.getByLabelText(/^Tracking number/), "1Z 999 AA1");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(calls[0]!.body)).toEqual({ trackingNumber: "1Z 999 AA1" });
  });

  it("when the tracking number has other signs than letters, digits, spaces and . / -, then it says so at the field and nothing is sent", async () => {
    ordersApi(onePage(paid));
    const calls = shipApi();
    const user = userEvent.setup();
    openAllOrders();
    await screen.findByRole("table");

    const cell = within(fulfilmentOf("Spirit Level"));
    const tracking = cell.getByLabelText(/^Tracking number/);
    await user.type(tracking, "1Z#999");
    await user.click(cell.getByRole("button", { name: "Shipped" }));

    expect(tracking).toHaveAttribute("aria-invalid", "true");
    expect(tracking).toHaveAccessibleDescription("Letters, digits, spaces and . / - only");
    expect(tracking).toHaveFocus();
    expect(calls).toEqual([]);
    expect(cell.getByText("Pending")).toBeInTheDocument();
  });
});

describe("Manage All Orders, cancel and refund", () => {
  function refundApi(answer: () => Response = () => HttpResponse.json({ ...paid, status: "refunded", refundedAt: "2026-11-24T00:00:00.000Z" } satisfies Order)) {
    const refundedIds: string[] = [];
    server.use(
      http.post<{ id: string }>("/api/orders/:id/refund", ({ params }) => {
        refundedIds.push(params.id);
        return answer();
      }),
    );
    return refundedIds;
  }

  it("when an admin clicks Cancel and refund and answers No, then nothing is refunded and the row is as it was", async () => {
    ordersApi(onePage(paid));
    const refundedIds = refundApi();
    const user = userEvent.setup();
    openAllOrders();
    await screen.findByRole("table");

    await user.click(within(fulfilmentOf("Spirit Level")).getByRole("button", { name: "Cancel and refund" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel and refund order 1C8F2D3B?" });
    expect(dialog).toHaveTextContent(
      "Spirit Level, 4 units: $96 goes back to the card Cora Carpenter paid with, the units go back on sale and cora@example.com is e-mailed.",
    );
    await user.click(within(dialog).getByRole("button", { name: "No" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(refundedIds).toEqual([]);
    expect(within(fulfilmentOf("Spirit Level")).getByText("Pending")).toBeInTheDocument();
    expect(within(fulfilmentOf("Spirit Level")).getByRole("button", { name: "Cancel and refund" })).toBeInTheDocument();
    expect(toasts()).toHaveLength(0);
  });

  it("when an admin answers Yes, then the order is refunded, a toast says so and the row reads Refunded", async () => {
    const asked = ordersApi(onePage(paid));
    const refundedIds = refundApi();
    const user = userEvent.setup();
    openAllOrders("/dashboard/allOrders?status=paid");
    await screen.findByRole("table");

    await user.click(within(fulfilmentOf("Spirit Level")).getByRole("button", { name: "Cancel and refund" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes" }));

    expect(await screen.findByText("Order 1C8F2D3B cancelled and refunded")).toBeInTheDocument();
    expect(refundedIds).toEqual([paid._id]);
    expect(fulfilmentOf("Spirit Level")).toHaveTextContent(/^Refunded$/);
    expect(within(rowOf("Spirit Level")).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it("when the order shipped in the meantime, then the API's reason shows in a toast and the list shows where the order is", async () => {
    let shippedMeanwhile = false;
    ordersApi(() => ({ orders: [shippedMeanwhile ? { ...paid, shipped: true, status: "shipped", shippedAt: "2026-11-23T09:00:00.000Z" } : paid], next: null }));
    refundApi(() => {
      shippedMeanwhile = true;
      return problemResponse({ status: 409, title: "Conflict", code: "order_shipped", detail: "A shipped order cannot be refunded." });
    });
    const user = userEvent.setup();
    openAllOrders();
    await screen.findByRole("table");

    await user.click(within(fulfilmentOf("Spirit Level")).getByRole("button", { name: "Cancel and refund" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes" }));

    expect(await screen.findByText("A shipped order cannot be refunded.")).toBeInTheDocument();
    await waitFor(() => expect(fulfilmentOf("Spirit Level")).toHaveTextContent(/^Shipped$/));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
