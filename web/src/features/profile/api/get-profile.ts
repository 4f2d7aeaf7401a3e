import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";

export const getProfile = (email: string, signal?: AbortSignal) =>
  apiRequest<User>(`/users/${encodeURIComponent(email)}`, { signal });

export const profileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ["users", email], queryFn: ({ signal }) => getProfile(email, signal) });

export const useProfile = (email: string) => useQuery(profileQueryOptions(email));
