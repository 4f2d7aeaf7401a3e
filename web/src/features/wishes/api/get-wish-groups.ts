import type { WishGroupsPage, WishStatus } from "@api/wishes/wishes.schemas";
import { apiRequest } from "@/lib/api-client";
import { cursorQuery, useCursorList } from "@/lib/cursor-list";

/** What User Wish looks for: words (a tool, a wisher's name or email) and an answer. */
export interface WishesSearch {
  q: string;
  status: WishStatus;
}

/** Groups a page of User Wish holds. */
export const WISH_GROUPS_PAGE_SIZE = 20;

/** GET /admin/wishes: one page of wish groups, the most recently wished first; the default answer is left out of the call. */
export const getWishGroups = ({ q, status }: WishesSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<WishGroupsPage>("/admin/wishes", {
    query: cursorQuery({ q, status: status === "open" ? "" : status }, cursor, WISH_GROUPS_PAGE_SIZE),
    signal,
  });

// Under "wishes", so that a new wish or an answer refreshes the pages already shown.
export const useWishGroups = (search: WishesSearch) =>
  useCursorList(["wishes", "groups", search], (cursor, signal) => getWishGroups(search, cursor, signal));
