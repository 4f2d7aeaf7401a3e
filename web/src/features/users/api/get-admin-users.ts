import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { AdminUsersPage, AdminUsersQuery } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";

/** What All User searches for; an empty one is left out of the call. */
export interface UsersSearch {
  q: string;
  role: NonNullable<AdminUsersQuery["role"]> | "";
}

/** Users a page of All User holds. */
export const USERS_PAGE_SIZE = 25;

/** The query string, in a fixed order and without empty parameters. */
function queryOf({ q, role }: UsersSearch, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (role) query.role = role;
  if (cursor) query.cursor = cursor;
  query.limit = String(USERS_PAGE_SIZE);
  return query;
}

/** GET /admin/users: one page of the users, newest first, searched and filtered on the server. */
export const getAdminUsers = (search: UsersSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminUsersPage>("/admin/users", { query: queryOf(search, cursor), signal });

// Under "users", so that Make Admin (which invalidates "users") refreshes the pages already shown.
export const adminUsersQueryOptions = (search: UsersSearch) =>
  infiniteQueryOptions({
    queryKey: ["users", "admin", search],
    queryFn: ({ pageParam, signal }) => getAdminUsers(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useAdminUsers = (search: UsersSearch) => useInfiniteQuery(adminUsersQueryOptions(search));
