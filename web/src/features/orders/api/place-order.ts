import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type Order, type PlaceOrderBody, placeOrderBody } from "@api/orders/orders.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Created } from "@/lib/api-types";

const rules = placeOrderBody.shape;

/** The fields a buyer fills in; quantity bounds are the alerts of docs/product.md §6.2, checked before this. */
export const placeOrderInput = z.object({
  userPhone: z.string().trim().min(1, "Phone Number is Required").pipe(rules.userPhone),
  userAddress: z.string().trim().min(1, "Address is Required").pipe(rules.userAddress),
  quantityAmount: z.number({ error: "Quantity is Required" }).pipe(rules.quantityAmount),
});
export type PlaceOrderInput = z.output<typeof placeOrderInput>;

/** The same key for a retried request makes the API return the first order instead of a second one. */
export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  apiRequest<Order & Created>("/orders", { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) => placeOrder(body, idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["tools"] }),
        queryClient.invalidateQueries({ queryKey: ["orders"] }),
      ]);
    },
  });
}
