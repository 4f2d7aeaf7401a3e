import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createPaymentIntentBody, paymentIntent } from "@api/payments/payments.schemas";
import { ApiError, apiRequest } from "@/lib/api-client";

export type PaymentIntent = z.infer<typeof paymentIntent>;
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBody>;

/** What opening the payment page leads to: a card form for this intent, or an order paid already. */
export type PaymentStart = ({ status: "ready" } & PaymentIntent) | { status: "paid" };

/** The server makes (or reuses) the order's PaymentIntent for the order's total and says which provider holds it. */
export const createPaymentIntent = (body: CreatePaymentIntentBody) =>
  apiRequest<PaymentIntent>("/create-payment-intent", { method: "POST", body });

async function startPayment(body: CreatePaymentIntentBody): Promise<PaymentStart> {
  try {
    return { status: "ready", ...(await createPaymentIntent(body)) };
  } catch (error) {
    // Paid meanwhile (another tab, or a webhook that arrived late): there is nothing left to pay.
    if (error instanceof ApiError && error.status === 409 && error.code === "order_paid") return { status: "paid" };
    throw error;
  }
}

export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    onSuccess: (result) => {
      if (result.status === "paid") void queryClient.invalidateQueries({ queryKey: ["orders"] });
    },
  });
}
