import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";

export const getAllOrders = (signal?: AbortSignal) => apiRequest<Order[]>("/allOrders", { signal });

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: ["orders", "all"], queryFn: ({ signal }) => getAllOrders(signal) });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
