import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";

/** The buyer's profile, for the phone and address an order form starts with; the profile page reads it under the same key. */
export const getBuyerProfile = (email: string, signal?: AbortSignal) => apiRequest<User>(`/users/${encodeURIComponent(email)}`, { signal });

export const buyerProfileQueryOptions = (email: string) =>
  queryOptions({ queryKey: ["users", email], queryFn: ({ signal }) => getBuyerProfile(email, signal) });

export const useBuyerProfile = (email: string, { enabled }: { enabled: boolean }) => useQuery({ ...buyerProfileQueryOptions(email), enabled });
