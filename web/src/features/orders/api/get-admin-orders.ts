import type { AdminOrdersPage, AdminOrdersQuery } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import { cursorQuery, useCursorList } from "@/lib/cursor-list";

/** What All Orders searches for; an empty one is left out of the call. */
export interface OrdersSearch {
  q: string;
  status: NonNullable<AdminOrdersQuery["status"]> | "";
}

/** Orders a page of All Orders holds. */
export const ORDERS_PAGE_SIZE = 25;

/** GET /admin/orders: one page of the orders, newest first, searched and filtered on the server. */
export const getAdminOrders = ({ q, status }: OrdersSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminOrdersPage>("/admin/orders", { query: cursorQuery({ q, status }, cursor, ORDERS_PAGE_SIZE), signal });

export const ADMIN_ORDERS_KEY = ["orders", "admin"] as const;

export const useAdminOrders = (search: OrdersSearch) =>
  useCursorList([...ADMIN_ORDERS_KEY, search], (cursor, signal) => getAdminOrders(search, cursor, signal));
