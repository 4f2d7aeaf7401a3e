import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import type { Deleted } from "@/lib/api-types";

/** Disables the account and hides the user; their orders are kept. */
export const removeUser = (id: string) => apiRequest<Deleted>(`/users/${encodeURIComponent(id)}`, { method: "DELETE" });

export const useRemoveUser = () => useMutation({ mutationFn: removeUser });
