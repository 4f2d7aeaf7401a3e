import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HealthStatus } from "@api/health/health.schemas";
import type { Order } from "@api/orders/orders.schemas";
import type * as Auth from "@/lib/auth";
import { accessToken } from "@/lib/access-token";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { unpaidOrder } from "@/test/orders";
import { server } from "@/test/server";
import { POLL_INTERVAL_MS } from "../lib/follow-orders";
import type { LiveOrderStatusesProps } from "../live/live-order-statuses";
import { MyOrdersRoute } from "./my-orders";
import { OrderRoute } from "./order-page";

const BUYER = unpaidOrder.userEmail;
const ACCOUNT_ID = "5d1b7c1e-0000-4000-8000-0000000000b1";

vi.mock("@/lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof Auth>()),
  useSession: () => ({ status: "signedIn", email: BUYER, displayName: "Bob Buyer", user: {} }),
}));

// Firestore as the page sees it: each listener the page starts, with its callbacks, which a test
// calls as Firestore would, and whether the page still has it.
const firestore = vi.hoisted(() => ({ listeners: [] as (LiveOrderStatusesProps & { active: boolean })[] }));
vi.mock("../live/live-order-statuses", async () => {
  const { useEffect } = await import("react");
  return {
    default: function FakeFirestore(props: LiveOrderStatusesProps) {
      useEffect(() => {
        const listener = { ...props, active: true };
        firestore.listeners.push(listener);
        return () => void (listener.active = false);
      }, []);
      return null;
    },
  };
});

useNodeAbortController();

afterEach(() => {
  firestore.listeners.length = 0;
  vi.useRealTimers();
  setVisibility("visible");
});

const paid: Order = { ...unpaidOrder, paid: true, status: "paid", releasesAt: null, transactionId: "pi_sandbox_1", paidAt: "2026-11-22T05:10:00.000Z", cardLast4: "4242" };
const shipped: Order = { ...paid, shipped: true, status: "shipped", shippedAt: "2026-11-23T09:00:00.000Z" };

/** The API, with the store it says it runs on and the buyer's order as it is now (`now.order`), counting the reads of it. */
function shopApi(store: HealthStatus["store"], first: Order) {
  const now = { order: first, reads: 0 };
  server.use(
    http.get("/api/health", () => HttpResponse.json({ status: "ok", database: "ok", store } satisfies HealthStatus)),
    http.get("/api/orders", () => {
      now.reads += 1;
      return HttpResponse.json([now.order]);
    }),
    http.get("/api/orders/:id", () => {
      now.reads += 1;
      return HttpResponse.json(now.order);
    }),
  );
  return now;
}

function open(path: string, page: ReactElement) {
  // Signed in: the access token names the buyer's account.
  accessToken.set(`header.${btoa(JSON.stringify({ sub: ACCOUNT_ID, email: BUYER }))}.signature`);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/dashboard/orders" element={page} />
          <Route path="/dashboard/orders/:id" element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastListener = () => firestore.listeners.at(-1)!;
const statusCell = () => within(screen.getByRole("row", { name: /Claw Hammer/ })).getAllByRole("cell")[6]!;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

/** Lets the page's timers run `ms` further, and what they fetch arrive. */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("on Firestore, the order pages follow the order live", () => {
  it("when the admin's change reaches Firestore, then My Orders shows the order paid, asking the API once, without a reload", async () => {
    const api = shopApi("firestore", unpaidOrder);
    open("/dashboard/orders", <MyOrdersRoute />);
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();
    await vi.waitFor(() => expect(firestore.listeners).toHaveLength(1));
    // The buyer's listed orders, by the account id the rules let them list.
    expect(lastListener().followed).toEqual({ kind: "buyer", accountId: ACCOUNT_ID });

    // Firestore's first answer agrees with the page: nothing is fetched again.
    act(() => lastListener().onStatuses([{ id: unpaidOrder._id, status: "unpaid" }]));
    expect(api.reads).toBe(1);

    api.order = paid;
    act(() => lastListener().onStatuses([{ id: unpaidOrder._id, status: "paid" }]));
    expect(await within(statusCell()).findByText("Paid · awaiting shipment")).toBeInTheDocument();
    expect(within(screen.getByRole("row", { name: /Claw Hammer/ })).getAllByRole("cell")[7]).toHaveTextContent(/^Shipped$/);
    expect(api.reads).toBe(2);
  });

  it("when the order on its page is shipped, then the page says Shipped with the carrier, and stops listening: nothing more can happen to it", async () => {
    const api = shopApi("firestore", paid);
    open(`/dashboard/orders/${paid._id}`, <OrderRoute />);
    expect(await screen.findByText("Paid · awaiting shipment")).toBeInTheDocument();
    await vi.waitFor(() => expect(firestore.listeners).toHaveLength(1));
    expect(lastListener().followed).toEqual({ kind: "order", id: paid._id });

    api.order = { ...shipped, shippingCarrier: "UPS" };
    act(() => lastListener().onStatuses([{ id: paid._id, status: "shipped" }]));
    expect(await screen.findByText("UPS")).toBeInTheDocument();
    expect(screen.getByText("Shipped", { selector: "dd *" })).toBeInTheDocument();
    expect(api.reads).toBe(2);
    expect(lastListener().active).toBe(false);
  });

  it("when every order is shipped or refunded already, then My Orders does not listen at all", async () => {
    shopApi("firestore", shipped);
    open("/dashboard/orders", <MyOrdersRoute />);
    expect(await screen.findByText("Shipped", { selector: ".order-status *" })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(firestore.listeners).toEqual([]);
  });

  it("when Firestore refuses to listen, then the page asks the API again every little while instead", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = shopApi("firestore", unpaidOrder);
    open("/dashboard/orders", <MyOrdersRoute />);
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();
    await vi.waitFor(() => expect(firestore.listeners).toHaveLength(1));
    await wait(POLL_INTERVAL_MS);
    expect(api.reads).toBe(1);

    act(() => lastListener().onFailed(new Error("permission-denied")));
    api.order = paid;
    await wait(POLL_INTERVAL_MS);
    expect(await within(statusCell()).findByText("Paid · awaiting shipment")).toBeInTheDocument();
    expect(api.reads).toBe(2);
  });
});

describe("on PostgreSQL, the order pages ask the API again while the order can change", () => {
  it("when the order is paid meanwhile, then My Orders shows it within one interval, and never listens to Firestore", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = shopApi("postgres", unpaidOrder);
    open("/dashboard/orders", <MyOrdersRoute />);
    expect(await screen.findByText("Awaiting payment")).toBeInTheDocument();

    api.order = paid;
    await wait(POLL_INTERVAL_MS - 1000);
    expect(api.reads).toBe(1);
    await wait(1000);
    expect(await within(statusCell()).findByText("Paid · awaiting shipment")).toBeInTheDocument();
    expect(api.reads).toBe(2);
    expect(firestore.listeners).toEqual([]);
  });

  it("when the page is hidden, then it asks nothing until it shows again; once the order is shipped, it stops asking", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = shopApi("postgres", paid);
    open(`/dashboard/orders/${paid._id}`, <OrderRoute />);
    expect(await screen.findByText("Paid · awaiting shipment")).toBeInTheDocument();

    setVisibility("hidden");
    await wait(3 * POLL_INTERVAL_MS);
    expect(api.reads).toBe(1);

    setVisibility("visible");
    api.order = shipped;
    await wait(POLL_INTERVAL_MS);
    expect(await screen.findByText("Shipped", { selector: "dd *" })).toBeInTheDocument();
    expect(api.reads).toBe(2);

    await wait(3 * POLL_INTERVAL_MS);
    expect(api.reads).toBe(2);
  });
});
