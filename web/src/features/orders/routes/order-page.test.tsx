import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import { formatDate, formatDateTime } from "@/lib/format";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { unpaidOrder } from "@/test/orders";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { OrderRoute } from "./order-page";

useNodeAbortController();

const PLACED = "2026-11-22T05:00:00.000Z";
const PAID = "2026-11-22T05:12:30.000Z";
const SHIPPED = "2026-11-23T09:40:00.000Z";

// 20 units of a $18.75 tool: the total of docs/product.md §4.3 counts $18 a unit.
const paid: Order = {
  ...unpaidOrder,
  paid: true,
  status: "paid",
  releasesAt: null,
  transactionId: "pi_sandbox_3f9a2c",
  paidAt: PAID,
  cardLast4: "4242",
};
const shipped: Order = { ...paid, shipped: true, status: "shipped", shippedAt: SHIPPED };

/** The order page at /dashboard/orders/{id}, with the API answering GET /api/orders/{id} with `answer`. */
function openOrderPage(answer: () => Response, id = unpaidOrder._id) {
  const requested: string[] = [];
  server.use(
    http.get<{ id: string }>("/api/orders/:id", ({ params }) => {
      requested.push(params.id);
      return answer();
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/dashboard/orders/${id}`]}>
        <Routes>
          <Route path="/dashboard/orders/:id" element={<OrderRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { requested };
}

/** The facts of a definition list, term to text. */
function factsOf(list: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(list)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ""]),
  );
}

/** The order's own facts at the top of the page. */
const summaryFacts = () => factsOf(screen.getByText("Status", { selector: "dt" }).closest("dl")!);

const timelineSteps = () =>
  within(screen.getByRole("region", { name: "Timeline" }))
    .getAllByRole("listitem")
    .map((item) => [item.querySelector(".timeline-label")?.textContent, item.querySelector("time")?.getAttribute("datetime")]);

describe("the order page", () => {
  it("when the order is unpaid, then it is headed by its number, says Awaiting payment, has only Placed on its timeline and no receipt", async () => {
    const { requested } = openOrderPage(() => HttpResponse.json(unpaidOrder));
    expect(screen.getByRole("heading", { level: 1, name: "Order 0B7E1C2A" })).toBeInTheDocument();
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();
    expect(requested).toEqual([unpaidOrder._id]);
    expect(summaryFacts()).toMatchObject({ Status: "Awaiting payment", Date: formatDate(PLACED), "Tools Name": "Claw Hammer", Quantity: "20 units", "Total Price": "$360" });
    expect(timelineSteps()).toEqual([["Placed", PLACED]]);
    expect(screen.getByRole("region", { name: "Timeline" })).toHaveTextContent(`Placed ${formatDateTime(PLACED)}`);
    expect(screen.queryByRole("region", { name: "Receipt" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Print receipt" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Orders" })).toHaveAttribute("href", "/dashboard/orders");
  });

  it("when the order is paid, then the receipt shows number, tool, the unit price charged, quantity, total, time paid, card and transaction id", async () => {
    openOrderPage(() => HttpResponse.json(paid));
    const receipt = await screen.findByRole("region", { name: "Receipt" });
    expect(factsOf(receipt)).toEqual({
      "Order Number": "0B7E1C2A",
      "Tools Name": "Claw Hammer",
      "Unit Price": "$18",
      Quantity: "20 units",
      "Total Price": "$360",
      "Paid at": formatDateTime(PAID),
      Card: "ending in 4242",
      "Transaction Id": "pi_sandbox_3f9a2c",
    });
    expect(within(receipt).getByText(formatDateTime(PAID))).toHaveAttribute("datetime", PAID);
    expect(summaryFacts().Status).toBe("Paid · awaiting shipment");
    expect(timelineSteps()).toEqual([
      ["Placed", PLACED],
      ["Paid", PAID],
    ]);
  });

  it("when Print receipt is pressed, then the browser's print dialog opens", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    openOrderPage(() => HttpResponse.json(paid));
    await userEvent.setup().click(await screen.findByRole("button", { name: "Print receipt" }));
    expect(print).toHaveBeenCalledOnce();
  });

  it("when the order is shipped, then its timeline is placed, paid, shipped, each with its time, and the receipt stays", async () => {
    openOrderPage(() => HttpResponse.json(shipped));
    expect(await screen.findByRole("region", { name: "Receipt" })).toBeInTheDocument();
    expect(timelineSteps()).toEqual([
      ["Placed", PLACED],
      ["Paid", PAID],
      ["Shipped", SHIPPED],
    ]);
    expect(summaryFacts().Status).toBe("Shipped");
    expect(summaryFacts()).not.toHaveProperty("Carrier");
    expect(summaryFacts()).not.toHaveProperty("Tracking number");
  });

  it("when the order was refunded, then it reads Refunded and the refund is on the timeline", async () => {
    const REFUNDED = "2026-11-24T10:00:00.000Z";
    const refunded = { ...paid, status: "refunded", refundedAt: REFUNDED } satisfies Order;
    openOrderPage(() => HttpResponse.json(refunded));
    await screen.findByRole("region", { name: "Timeline" });
    expect(summaryFacts().Status).toBe("Refunded");
    expect(timelineSteps()).toEqual([
      ["Placed", PLACED],
      ["Paid", PAID],
      ["Refunded", REFUNDED],
    ]);
    expect(factsOf(screen.getByRole("region", { name: "Receipt" }))["Refunded at"]).toBe(formatDateTime(REFUNDED));
    expect(screen.queryByRole("link", { name: "Pay" })).not.toBeInTheDocument();
  });

  it("when the order shipped with a carrier and a tracking number, then both are shown with it", async () => {
    openOrderPage(() => HttpResponse.json({ ...shipped, shippingCarrier: "DHL Express", trackingNumber: "JD014600006281230476" }));
    await screen.findByRole("region", { name: "Timeline" });
    expect(summaryFacts()).toMatchObject({ Status: "Shipped", Carrier: "DHL Express", "Tracking number": "JD014600006281230476" });
  });

  it("when the order shipped with only a tracking number, or with neither, then only what was given is shown", async () => {
    openOrderPage(() => HttpResponse.json({ ...shipped, trackingNumber: "1Z 999 AA1" }));
    await screen.findByRole("region", { name: "Timeline" });
    expect(summaryFacts()["Tracking number"]).toBe("1Z 999 AA1");
    expect(summaryFacts()).not.toHaveProperty("Carrier");
  });

  it("when the provider did not name the card, then the receipt says it is not known", async () => {
    openOrderPage(() => HttpResponse.json({ ...paid, cardLast4: null }));
    const receipt = await screen.findByRole("region", { name: "Receipt" });
    expect(factsOf(receipt).Card).toBe("Not known");
  });

  it("when the order is not the buyer's or does not exist, then the API's message shows and nothing else", async () => {
    openOrderPage(() => problemResponse({ status: 404, title: "Not Found", code: "not_found", detail: "Order not found." }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Order not found.");
    expect(screen.queryByRole("region", { name: "Timeline" })).not.toBeInTheDocument();
  });
});
