import type { AdminUsersPage, AdminUsersQuery } from "@api/users/users.schemas";
import { apiRequest } from "@/lib/api-client";
import { cursorQuery, useCursorList } from "@/lib/cursor-list";

/** What All User searches for; an empty one is left out of the call. */
export interface UsersSearch {
  q: string;
  role: NonNullable<AdminUsersQuery["role"]> | "";
}

/** Users a page of All User holds. */
export const USERS_PAGE_SIZE = 25;

/** GET /admin/users: one page of the users, newest first, searched and filtered on the server. */
export const getAdminUsers = ({ q, role }: UsersSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminUsersPage>("/admin/users", { query: cursorQuery({ q, role }, cursor, USERS_PAGE_SIZE), signal });

// Under "users", so that Make Admin (which invalidates "users") refreshes the pages already shown.
export const useAdminUsers = (search: UsersSearch) =>
  useCursorList(["users", "admin", search], (cursor, signal) => getAdminUsers(search, cursor, signal));
