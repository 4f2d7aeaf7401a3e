import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import { refreshAfterConflict, showChangedOrder } from "../lib/order-updates";

/** Cancels a paid order that has not shipped and refunds it in full; asked again, it answers the refunded order. */
export const refundOrder = (id: string) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}/refund`, { method: "POST" });

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: async (order) => {
      await Promise.all([showChangedOrder(queryClient, order), queryClient.invalidateQueries({ queryKey: ["tools"] })]);
    },
    onError: (error) => refreshAfterConflict(queryClient, error),
  });
}
