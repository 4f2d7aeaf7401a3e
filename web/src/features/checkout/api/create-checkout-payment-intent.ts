import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { paymentIntent } from "@api/payments/payments.schemas";
import { ApiError, apiRequest } from "@/lib/api-client";
import { checkoutQueryKey } from "./get-checkout";

export type PaymentIntent = z.infer<typeof paymentIntent>;

/** What opening the payment page leads to: a card form for this intent, or a checkout paid already. */
export type CheckoutPaymentStart = ({ status: "ready" } & PaymentIntent) | { status: "paid" };

/**
 * The server makes (or reuses) the one PaymentIntent for the checkout's total. The total shown is
 * sent along, so a checkout whose total is not the one on screen is refused (422 `amount_mismatch`).
 */
export const createCheckoutPaymentIntent = (checkoutId: string, total: number) =>
  apiRequest<PaymentIntent>(`/checkouts/${encodeURIComponent(checkoutId)}/payment-intent`, { method: "POST", body: { total } });

async function startPayment({ checkoutId, total }: { checkoutId: string; total: number }): Promise<CheckoutPaymentStart> {
  try {
    return { status: "ready", ...(await createCheckoutPaymentIntent(checkoutId, total)) };
  } catch (error) {
    // Paid meanwhile (another tab, or a webhook that arrived late): there is nothing left to pay.
    if (error instanceof ApiError && error.status === 409 && error.code === "checkout_paid") return { status: "paid" };
    throw error;
  }
}

export function useStartCheckoutPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    // Paid or cancelled meanwhile: the page shows the checkout as it is now.
    onSettled: (result, _error, { checkoutId }) => {
      if (result?.status !== "ready") void queryClient.invalidateQueries({ queryKey: checkoutQueryKey(checkoutId) });
    },
  });
}
