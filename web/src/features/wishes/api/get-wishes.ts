import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Wish } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";

export const getWishes = (signal?: AbortSignal) => apiRequest<Wish[]>("/wishes", { signal });

export const wishesQueryOptions = () => queryOptions({ queryKey: ["wishes"], queryFn: ({ signal }) => getWishes(signal) });

export const useWishes = () => useQuery(wishesQueryOptions());
