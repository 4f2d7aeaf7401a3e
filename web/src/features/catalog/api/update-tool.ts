import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Tool, UpdateToolBody } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";
import { createToolInput } from "./create-tool";

/** The Edit form: the Add Product fields but the stock, each required and under the API's rules. */
export const updateToolInput = createToolInput.omit({ aq: true }) satisfies z.ZodType<UpdateToolBody, unknown>;
export type UpdateToolInput = z.input<typeof updateToolInput>;

export const updateTool = (id: string, body: UpdateToolBody) =>
  apiRequest<Tool>(`/tools/${encodeURIComponent(id)}`, { method: "PATCH", body });

export function useUpdateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateToolBody }) => updateTool(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
