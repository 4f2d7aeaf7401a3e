import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import { canChange, POLL_INTERVAL_MS } from "../lib/follow-orders";

/** One order: its buyer's own, or any for an admin; another buyer's is not found. */
export const getOrder = (id: string, signal?: AbortSignal) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["orders", "one", id], queryFn: ({ signal }) => getOrder(id, signal) });

/** One order; with `poll`, fetched again every little while as long as it can change and the page shows. */
export const useOrder = (id: string, { poll = false } = {}) =>
  useQuery({
    ...orderQueryOptions(id),
    refetchInterval: (query) => (poll && query.state.data && canChange(query.state.data) ? POLL_INTERVAL_MS : false),
  });
