import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type Checkout, type PlaceCheckoutBody, type RefusedLine, refusedLine } from "@api/orders/checkout.schemas";
import { ApiError, apiRequest } from "@/lib/api-client";
import { checkoutQueryKey } from "./get-checkout";

/** Every line becomes one order, all at once or none; the same key for a retried request answers the first checkout. */
export const placeCheckout = (body: PlaceCheckoutBody, idempotencyKey: string) =>
  apiRequest<Checkout>("/checkouts", { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });

const refusedLines = z.array(refusedLine);

/** The lines a refused checkout (409 `checkout_refused`) names, each with why; none for any other failure. */
export function refusedLinesOf(error: unknown): RefusedLine[] {
  if (!(error instanceof ApiError) || error.code !== "checkout_refused") return [];
  const parsed = refusedLines.safeParse(error.members.lines);
  return parsed.success ? parsed.data : [];
}

export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceCheckoutBody; idempotencyKey: string }) => placeCheckout(body, idempotencyKey),
    onSuccess: (checkout) => queryClient.setQueryData(checkoutQueryKey(checkout._id), checkout),
    // Placed, the lines left the cart and their units the stock; refused, the cart's prices and stock are worth seeing again.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["cart"] }),
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
      ]);
    },
  });
}
