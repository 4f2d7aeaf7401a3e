import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Tool } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";

export const getTool = (id: string, signal?: AbortSignal) => apiRequest<Tool>(`/tools/${encodeURIComponent(id)}`, { signal });

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["tools", id], queryFn: ({ signal }) => getTool(id, signal) });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
