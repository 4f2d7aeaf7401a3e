import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Checkout } from "@api/orders/checkout.schemas";
import { apiRequest } from "@/lib/api-client";

/** One checkout with its orders: its buyer's own, or any for an admin; another buyer's is not found. */
export const getCheckout = (id: string, signal?: AbortSignal) => apiRequest<Checkout>(`/checkouts/${encodeURIComponent(id)}`, { signal });

export const checkoutQueryKey = (id: string) => ["checkouts", id] as const;

export const checkoutQueryOptions = (id: string) => queryOptions({ queryKey: checkoutQueryKey(id), queryFn: ({ signal }) => getCheckout(id, signal) });

export const useCheckout = (id: string) => useQuery(checkoutQueryOptions(id));
