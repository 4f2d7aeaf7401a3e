import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { AdminOrdersPage, Order } from "@api/orders/orders.schemas";
import { ApiError } from "@/lib/api-client";
import { ADMIN_ORDERS_KEY } from "../api/get-admin-orders";
import { orderQueryOptions } from "../api/get-order";

/**
 * Shows an order the API has just changed (shipped, refunded) where it is listed, in place. All
 * Orders is not fetched again: under a status filter the row would vanish and the rows below move
 * up under the admin's pointer, and every page loaded so far would be asked for once more.
 */
export async function showChangedOrder(queryClient: QueryClient, order: Order) {
  queryClient.setQueriesData<InfiniteData<AdminOrdersPage>>({ queryKey: ADMIN_ORDERS_KEY }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, orders: page.orders.map((listed) => (listed._id === order._id ? order : listed)) })) }
      : data,
  );
  queryClient.setQueryData(orderQueryOptions(order._id).queryKey, order);
  await queryClient.invalidateQueries({ queryKey: ["orders", "mine"] });
}

/**
 * A 409 means the order moved on in the meantime (another admin shipped or refunded it): the lists
 * are fetched again so the row shows where it really is. The toast with the API's detail is the
 * query client's, as for every failed change.
 */
export async function refreshAfterConflict(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: ["orders"] });
}
