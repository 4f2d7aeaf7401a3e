import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ManageToolsPage } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";

/** What Manage Tools searches for: words of a tool's name or description, and whether only tools low on stock. */
export interface ManageToolsSearch {
  q: string;
  lowStock: boolean;
}

/** The query string, in a fixed order and without empty parameters; the API's page size. */
function queryOf({ q, lowStock }: ManageToolsSearch, cursor: string | null): Record<string, string> {
  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (lowStock) query.lowStock = "true";
  if (cursor) query.cursor = cursor;
  return query;
}

/** GET /admin/tools: one page of Manage Tools, newest first, searched and filtered on the server. */
export const getManagedTools = (search: ManageToolsSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<ManageToolsPage>("/admin/tools", { query: queryOf(search, cursor), signal });

// Under "tools", so that adding, editing, restocking or ordering a tool (which invalidate "tools")
// refreshes the pages already shown.
export const managedToolsQueryOptions = (search: ManageToolsSearch) =>
  infiniteQueryOptions({
    queryKey: ["tools", "manage", search],
    queryFn: ({ pageParam, signal }) => getManagedTools(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export const useManagedTools = (search: ManageToolsSearch) => useInfiniteQuery(managedToolsQueryOptions(search));
