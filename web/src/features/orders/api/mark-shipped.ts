import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Order } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";

export const markShipped = (id: string) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}/shipped`, { method: "PATCH" });

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShipped,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["orders"] }),
  });
}
