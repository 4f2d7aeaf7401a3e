import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminOrdersPage, AdminOrdersQuery } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";

/** What All Orders searches for; an empty one is left out of the call. */
export interface OrdersSearch {
  q: string;
  status: NonNullable<AdminOrdersQuery["status"]> | "";
}

/** Orders a page of All Orders holds. */
export const ORDERS_PAGE_SIZE = 25;

/** The query string, in a fixed order and without empty parameters. */
function queryOf({ q, status }: OrdersSearch, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (status) query.status = status;
  if (cursor) query.cursor = cursor;
  query.limit = String(ORDERS_PAGE_SIZE);
  return query;
}

/** GET /admin/orders: one page of the orders, newest first, searched and filtered on the server. */
export const getAdminOrders = (search: OrdersSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminOrdersPage>("/admin/orders", { query: queryOf(search, cursor), signal });

export const ADMIN_ORDERS_KEY = ["orders", "admin"] as const;

export const adminOrdersQueryOptions = (search: OrdersSearch) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, search],
    queryFn: ({ pageParam, signal }) => getAdminOrders(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useAdminOrders = (search: OrdersSearch) => useInfiniteQuery(adminOrdersQueryOptions(search));
