import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateProfileBody, User } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";
import type { Acknowledged } from "@/lib/api-types";

export const updateProfile = (email: string, body: UpdateProfileBody) =>
  apiRequest<User & Acknowledged>(`/users/${encodeURIComponent(email)}`, { method: "PUT", body });

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(email, body),
    onSuccess: ({ acknowledged: _acknowledged, ...user }) => queryClient.setQueryData<User>(["users", email], user),
  });
}
