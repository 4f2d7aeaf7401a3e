import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import { canChange, POLL_INTERVAL_MS } from "../lib/follow-orders";

export const getMyOrders = (userEmail: string, signal?: AbortSignal) =>
  apiRequest<Order[]>("/orders", { query: { userEmail }, signal });

export const myOrdersQueryOptions = (userEmail: string) =>
  queryOptions({ queryKey: ["orders", "mine", userEmail], queryFn: ({ signal }) => getMyOrders(userEmail, signal) });

/** The buyer's orders; with `poll`, fetched again every little while as long as one of them can change and the page shows. */
export const useMyOrders = (userEmail: string, { poll = false } = {}) =>
  useQuery({
    ...myOrdersQueryOptions(userEmail),
    refetchInterval: (query) => (poll && query.state.data?.some(canChange) ? POLL_INTERVAL_MS : false),
  });
