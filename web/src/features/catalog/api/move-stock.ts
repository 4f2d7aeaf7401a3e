import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type StockMovementBody, stockMovementBody, type StockMovementMade } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";

const [restock, correction] = stockMovementBody.options;
const quantity = z.number({ error: "Quantity is Required" }).pipe(restock.shape.quantity);

/** The Restock form: a quantity always, a reason for a correction, under the API's own rules. */
export const stockMovementInput = z.discriminatedUnion("kind", [
  restock.extend({ quantity }),
  correction.extend({ quantity }),
]) satisfies z.ZodType<StockMovementBody, unknown>;
export type StockMovementInput = z.input<typeof stockMovementInput>;

export const moveStock = (id: string, body: StockMovementBody) =>
  apiRequest<StockMovementMade>(`/tools/${encodeURIComponent(id)}/stock-movements`, { method: "POST", body });

export function useMoveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StockMovementBody }) => moveStock(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
