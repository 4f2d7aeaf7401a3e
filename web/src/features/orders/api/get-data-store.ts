import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HealthStatus } from "@api/health/health.schemas";
import { apiRequest } from "@/lib/api-client";

/** GET /health: which store keeps the shop's data, which does not change while the page is open. */
export const dataStoreQueryOptions = queryOptions({
  queryKey: ["health"],
  queryFn: async ({ signal }) => (await apiRequest<HealthStatus>("/health", { signal })).store,
  staleTime: Infinity,
});

/** The store the shop runs on, asked only when `enabled`; undefined until known or when the API could not say. */
export const useDataStore = (enabled: boolean) => useQuery({ ...dataStoreQueryOptions, enabled }).data;
