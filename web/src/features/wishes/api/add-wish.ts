import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddWishBody, Wish } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Created } from "@/lib/api-types";

/** What the wish form collects; the name shown with the wish is the signed-in user's. */
export type AddWishInput = Omit<AddWishBody, "userName">;

export const addWish = (body: AddWishBody) => apiRequest<Wish & Created>("/wish", { method: "POST", body });

export function useAddWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWish,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["wishes"] }),
  });
}
