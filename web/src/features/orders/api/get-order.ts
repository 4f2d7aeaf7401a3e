import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";

/** One order: its buyer's own, or any for an admin; another buyer's is not found. */
export const getOrder = (id: string, signal?: AbortSignal) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["orders", "one", id], queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
