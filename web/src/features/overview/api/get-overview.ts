import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Overview } from "@api/overview/overview.schemas";
import { apiRequest } from "@/lib/api-client";

/** The browser's own time zone, whose today and this week the takings are counted in. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export const getOverview = (tz: string, signal?: AbortSignal) => apiRequest<Overview>("/admin/overview", { query: { tz }, signal });

export const overviewQueryOptions = (tz: string) =>
  queryOptions({ queryKey: ["overview", tz], queryFn: ({ signal }) => getOverview(tz, signal) });

export const useOverview = () => useQuery(overviewQueryOptions(browserTimeZone()));
