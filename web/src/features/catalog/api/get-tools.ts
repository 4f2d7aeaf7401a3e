import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Tool } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";

export const getTools = (signal?: AbortSignal) => apiRequest<Tool[]>("/tools", { signal });

export const toolsQueryOptions = () => queryOptions({ queryKey: ["tools"], queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQueryOptions());
