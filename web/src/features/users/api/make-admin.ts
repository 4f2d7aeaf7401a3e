import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { User } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Acknowledged } from "@/lib/api-types";

export const makeAdmin = (email: string) =>
  apiRequest<User & Acknowledged>(`/user/admin/${encodeURIComponent(email)}`, { method: "PUT" });

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}
