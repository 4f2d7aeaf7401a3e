import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Deleted } from "@/lib/api-types";

/** DELETE /reviews/{id} (admins): the review is kept for the record and no longer shown. */
export const removeReview = (id: string) => apiRequest<Deleted>(`/reviews/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRemoveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReview,
    // Also after a 404: another admin removed it first, and the list should stop showing it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["reviews"] }),
  });
}
