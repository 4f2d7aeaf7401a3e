import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { type CreateToolBody, createToolBody, type Tool } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Created } from "@/lib/api-types";

const rules = createToolBody.shape;
const requiredText = (label: string) => z.string().trim().min(1, `${label} is Required`);
const requiredNumber = (label: string) => z.number({ error: `${label} is Required` });

/** The Add Product form: every field required, then the API's own rules for each. */
export const createToolInput = z.object({
  name: requiredText("Tools Name").pipe(rules.name),
  price: requiredNumber("Price").pipe(rules.price),
  description: requiredText("Description").pipe(rules.description),
  moq: requiredNumber("Minimum Order Quantity").pipe(rules.moq),
  aq: requiredNumber("Available Quantity").pipe(rules.aq),
  img: requiredText("Image Url").pipe(rules.img),
}) satisfies z.ZodType<CreateToolBody, unknown>;
export type CreateToolInput = z.input<typeof createToolInput>;

export const createTool = (body: CreateToolBody) => apiRequest<Tool & Created>("/tools", { method: "POST", body });

export function useCreateTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["tools"] }),
  });
}
