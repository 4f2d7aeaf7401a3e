import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Checkout } from "@api/orders/checkout.schemas";
import { apiRequest, retryWhileSettling } from "@/lib/api-client";
import { checkoutQueryKey } from "./get-checkout";

/** The server asks the provider about the checkout's payment itself and, if it succeeded, marks every order of it paid. */
export const checkCheckoutPayment = (checkoutId: string) =>
  apiRequest<Checkout>(`/checkouts/${encodeURIComponent(checkoutId)}/payment`, { method: "POST" });

export function useCheckCheckoutPayment(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkCheckoutPayment(checkoutId),
    ...retryWhileSettling,
    onSuccess: (checkout) => {
      queryClient.setQueryData(checkoutQueryKey(checkout._id), checkout);
      // My Orders shows its orders as paid from now on.
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
