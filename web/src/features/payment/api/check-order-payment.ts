import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { ApiError, apiRequest } from "@/lib/api-client";

/** The server asks the provider about the order's payment itself and marks the order paid if it succeeded. */
export const checkOrderPayment = (orderId: string) =>
  apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/payment`, { method: "POST" });

const RETRIES = 3;

export function useCheckOrderPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkOrderPayment(orderId),
    // Right after the card is confirmed the provider may still be settling the intent, or its webhook
    // may be settling the order at that moment: a 409 then is worth a few brief retries.
    retry: (failureCount, error) => failureCount < RETRIES && error instanceof ApiError && error.status === 409,
    retryDelay: (failureCount) => 400 * 2 ** failureCount,
    onSuccess: () => {
      // My Orders shows the order as paid (Shipped) from now on.
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
