import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Overview } from "@api/overview/overview.schemas";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { problemResponse } from "@/test/problem-response";
import { server } from "@/test/server";
import { browserTimeZone } from "../api/get-overview";
import { AdminOverview } from "./admin-overview";

useNodeAbortController();

const figures: Overview = { timeZone: "Europe/Berlin", revenueToday: 1234.5, revenueThisWeek: 20480, awaitingShipment: 3, lowStockTools: 1, openWishes: 0 };

function openOverview(answer: () => Response) {
  const asked: URL[] = [];
  server.use(
    http.get("/api/admin/overview", ({ request }) => {
      asked.push(new URL(request.url));
      return answer();
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AdminOverview />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

const figure = (label: string) => screen.getByRole("link", { name: new RegExp(`^${label}`) });

describe("the admin's overview", () => {
  it("when it loads, then it asks in the browser's time zone and shows each figure as a link to the list it counts, filtered", async () => {
    const asked = openOverview(() => HttpResponse.json(figures));
    await screen.findByRole("link", { name: /^Paid today/ });
    expect(asked[0]!.searchParams.get("tz")).toBe(browserTimeZone());
    expect(figure("Paid today")).toHaveTextContent("Paid today$1234.50");
    expect(figure("Paid this week")).toHaveTextContent("$20480");
    expect(figure("Awaiting shipment")).toHaveTextContent("3 orders");
    expect(figure("Awaiting shipment")).toHaveAttribute("href", "/dashboard/allOrders?status=paid");
    expect(figure("Low on stock")).toHaveTextContent("1 tool");
    expect(figure("Low on stock")).toHaveAttribute("href", "/dashboard/manageTools?lowStock=true");
    expect(figure("New wishes")).toHaveTextContent("0 wishes");
    expect(figure("New wishes")).toHaveAttribute("href", "/dashboard/wishList?status=open");
    expect(screen.getByText(/counted in Europe\/Berlin/)).toBeInTheDocument();
  });

  it("when the API fails, then the section says so and shows no figures", async () => {
    openOverview(() => problemResponse({ status: 503, title: "Service Unavailable", code: "service_unavailable", detail: "The service is starting. Please retry shortly." }));
    const section = screen.getByRole("region", { name: "Shop overview" });
    expect(await within(section).findByRole("alert")).toHaveTextContent("The service is starting. Please retry shortly.");
    expect(within(section).queryByRole("link")).not.toBeInTheDocument();
  });
});
