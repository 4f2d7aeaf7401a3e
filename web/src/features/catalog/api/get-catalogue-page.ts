import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CataloguePage, CatalogueQuery } from "@api/tools/tools.schemas";
import { apiRequest } from "@/lib/api-client";

/** What a catalogue page is asked for; a parameter left out takes the API's default. */
export type CatalogueParams = Partial<CatalogueQuery>;

/** The query string, in a fixed order and without empty parameters, so equal asks share one cache entry. */
function queryOf({ q, sort, inStock, after, limit }: CatalogueParams): Record<string, string> {
  const query: Record<string, string> = {};
  if (q) query.q = q;
  if (sort) query.sort = sort;
  if (inStock) query.inStock = inStock;
  if (after) query.after = after;
  if (limit !== undefined) query.limit = String(limit);
  return query;
}

export const getCataloguePage = (params: CatalogueParams, signal?: AbortSignal) =>
  apiRequest<CataloguePage>("/catalogue", { query: queryOf(params), signal });

// Under "tools", so that placing, cancelling or adding a tool (which invalidate "tools") refreshes its pages too.
export const cataloguePageQueryOptions = (params: CatalogueParams) =>
  queryOptions({ queryKey: ["tools", "catalogue", queryOf(params)], queryFn: ({ signal }) => getCataloguePage(params, signal) });

export const useCataloguePage = (params: CatalogueParams) => useQuery(cataloguePageQueryOptions(params));
