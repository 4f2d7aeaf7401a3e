import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order, ShipOrderBody } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterConflict, showChangedOrder } from "../lib/order-updates";

export type ShippingDetails = NonNullable<ShipOrderBody>;

/** Without details the call is the contract's Shipped button's (docs/product.md §3.10): a PATCH with no body. */
export const markShipped = (id: string, details?: ShippingDetails) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(id)}/shipped`, { method: "PATCH", body: details });

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, details }: { id: string; details?: ShippingDetails }) => markShipped(id, details),
    onSuccess: (order) => showChangedOrder(queryClient, order),
    onError: (error) => refreshAfterConflict(queryClient, error),
  });
}
