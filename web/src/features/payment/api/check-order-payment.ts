import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest, retryWhileSettling } from "@/lib/api-client";

/** The server asks the provider about the order's payment itself and marks the order paid if it succeeded. */
export const checkOrderPayment = (orderId: string) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/payment`, { method: "POST" });

export function useCheckOrderPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkOrderPayment(orderId),
    ...retryWhileSettling,
    onSuccess: () => {
      // My Orders shows the order as paid (Shipped) from now on.
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
