import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";

export const getMyOrders = (userEmail: string, signal?: AbortSignal) =>
  apiRequest<Order[]>("/orders", { query: { userEmail }, signal });

export const myOrdersQueryOptions = (userEmail: string) =>
  queryOptions({ queryKey: ["orders", "mine", userEmail], queryFn: ({ signal }) => getMyOrders(userEmail, signal) });

export const useMyOrders = (userEmail: string) => useQuery(myOrdersQueryOptions(userEmail));
