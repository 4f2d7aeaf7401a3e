import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Checkout } from "@api/orders/checkout.schemas";
import { ApiError, apiRequest } from "@/lib/api-client";
import { checkoutQueryKey } from "./get-checkout";

/** The server asks the provider about the checkout's payment itself and, if it succeeded, marks every order of it paid. */
export const checkCheckoutPayment = (checkoutId: string) =>
  apiRequest<Checkout>(`/checkouts/${encodeURIComponent(checkoutId)}/payment`, { method: "POST" });

const RETRIES = 3;

export function useCheckCheckoutPayment(checkoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkCheckoutPayment(checkoutId),
    // Right after the card is confirmed the provider may still be settling the intent (409
    // `payment_pending`), or its webhook settling the checkout at that moment: worth a few brief retries.
    retry: (failureCount, error) => failureCount < RETRIES && error instanceof ApiError && error.status === 409,
    retryDelay: (failureCount) => 400 * 2 ** failureCount,
    onSuccess: (checkout) => {
      queryClient.setQueryData(checkoutQueryKey(checkout._id), checkout);
      // My Orders shows its orders as paid from now on.
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
