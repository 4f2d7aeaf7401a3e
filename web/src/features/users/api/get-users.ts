import { queryOptions, useQuery } from "@tanstack/react-query";
import type { User } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";

export const getUsers = (signal?: AbortSignal) => apiRequest<User[]>("/users", { signal });

export const usersQueryOptions = () => queryOptions({ queryKey: ["users"], queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());
