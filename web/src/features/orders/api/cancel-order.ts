import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Deleted } from "@/lib/api-types";

/** Only unpaid orders can be cancelled; the API puts their quantity back in stock. */
export const cancelOrder = (id: string) => apiRequest<Deleted>(`/orders/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
      ]);
    },
  });
}
