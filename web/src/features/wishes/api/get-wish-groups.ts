import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { WishGroupsPage, WishStatus } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";

/** What User Wish looks for: words (a tool, a wisher's name or email) and an answer. */
export interface WishesSearch {
  q: string;
  status: WishStatus;
}

/** Groups a page of User Wish holds. */
export const WISH_GROUPS_PAGE_SIZE = 20;

/** The query string, in a fixed order, without an empty search or the default answer. */
function queryOf({ q, status }: WishesSearch, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (status !== "open") query.status = status;
  if (cursor) query.cursor = cursor;
  query.limit = String(WISH_GROUPS_PAGE_SIZE);
  return query;
}

/** GET /admin/wishes: one page of wish groups, the most recently wished first. */
export const getWishGroups = (search: WishesSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<WishGroupsPage>("/admin/wishes", { query: queryOf(search, cursor), signal });

// Under "wishes", so that a new wish or an answer refreshes the pages already shown.
export const wishGroupsQueryOptions = (search: WishesSearch) =>
  infiniteQueryOptions({
    queryKey: ["wishes", "groups", search],
    queryFn: ({ pageParam, signal }) => getWishGroups(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useWishGroups = (search: WishesSearch) => useInfiniteQuery(wishGroupsQueryOptions(search));
