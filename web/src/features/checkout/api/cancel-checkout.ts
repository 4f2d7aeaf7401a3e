import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Checkout } from "@api/orders/checkout.schemas";
import { apiRequest } from "@/lib/api-client";
import { checkoutQueryKey } from "./get-checkout";

/** Cancels every order of an unpaid checkout and puts their units back on sale; a paid one is refused (409 `checkout_paid`). */
export const cancelCheckout = (id: string) => apiRequest<Checkout>(`/checkouts/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSuccess: async (checkout) => {
      queryClient.setQueryData(checkoutQueryKey(checkout._id), checkout);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
      ]);
    },
  });
}
