import type { ManageToolsPage } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";
import { cursorQuery, useCursorList } from "@/lib/cursor-list";

/** What Manage Tools searches for: words of a tool's name or description, and whether only tools low on stock. */
export interface ManageToolsSearch {
  q: string;
  lowStock: boolean;
}

/** GET /admin/tools: one page of Manage Tools, newest first, searched and filtered on the server, in the API's page size. */
export const getManagedTools = ({ q, lowStock }: ManageToolsSearch, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<ManageToolsPage>("/admin/tools", { query: cursorQuery({ q, lowStock: lowStock ? "true" : "" }, cursor), signal });

// Under "tools", so that adding, editing, restocking or ordering a tool (which invalidate "tools")
// refreshes the pages already shown.
export const useManagedTools = (search: ManageToolsSearch) =>
  useCursorList(["tools", "manage", search], (cursor, signal) => getManagedTools(search, cursor, signal));
