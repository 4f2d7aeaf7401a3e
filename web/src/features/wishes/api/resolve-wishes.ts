import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResolveWishesBody, WishesAnswered } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";

/** POST /admin/wishes/resolve: marks wishes done or declined, all or none. */
export const resolveWishes = (body: ResolveWishesBody) => apiRequest<WishesAnswered>("/admin/wishes/resolve", { method: "POST", body });

export function useResolveWishes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveWishes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["wishes"] }),
  });
}
